// Field names from outside: `-f key=value` (a string) and `-F key=value` (typed: numbers, true/false,
// null, @file) for `api`, and the one reader of a record's field names (declaredField) for --from-file
// records and state files alike.

import {UsageError} from '../base/errors.js'
import {ExactNumber, fitsDouble} from '../base/exact-number.js'
import type {InStream} from '../base/io.js'
import {readWhole, unreadableReason} from '../base/read-whole.js'

/**
 * What `declared` (a command's inputs, a state section's) has under the field name `name`, or undefined.
 * Its own names only: `name in declared` also finds `constructor`, `toString`, `__proto__` on every
 * object's prototype, and a record field so named passed the check as known and was then silently
 * dropped, as no input reads it. Every reader of a record's field names asks here, so that such a
 * name is refused as unknown wherever a record comes from.
 */
export function declaredField<T>(declared: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(declared, name) ? declared[name] : undefined
}

/** `stdin`: the run's, which `-F key=@-` reads */
export async function parseFields(stdin: InStream, raw: string[] = [], typed: string[] = []): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const [index, field] of raw.entries()) {
    const [key, value] = split(field, '-f', index)
    assign(out, key, value)
  }
  for (const [index, field] of typed.entries()) {
    const [key, value] = split(field, '-F', index)
    assign(out, key, await typedValue(value, stdin))
  }
  return out
}

/**
 * A field without `key=` is named by its place, never quoted: the word may be the value alone
 * (`-f "$PASSWORD"`, the key forgotten), and a value sent through `api` may be a secret.
 */
function split(field: string, flag: string, index: number): [string, string] {
  const at = field.indexOf('=')
  if (at <= 0) throw new UsageError(`${flag} takes key=value, and the ${ordinal(index + 1)} ${flag} has no key before "=" (not shown: it may be a secret)`)
  return [field.slice(0, at), field.slice(at + 1)]
}

function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

/**
 * `scopes[]=api` twice makes an array, as the platform's form encoding does. A key is data: `__proto__`
 * is a field sent like any other, not the object's prototype (assigned, it was dropped, or with
 * `-F __proto__=null` changed the body object itself).
 */
function assign(out: Record<string, unknown>, key: string, value: unknown): void {
  const name = key.endsWith('[]') ? key.slice(0, -2) : key
  const field = key.endsWith('[]') ? [...((declaredField(out, name) as unknown[] | undefined) ?? []), value] : value
  Object.defineProperty(out, name, {value: field, writable: true, enumerable: true, configurable: true})
}

async function typedValue(value: string, stdin: InStream): Promise<unknown> {
  if (value === 'true') return true
  if (value === 'false') return false
  if (value === 'null') return null
  // an ID beyond 2^53 is sent with its own digits, not those of the nearest double
  if (/^-?\d+(\.\d+)?$/.test(value)) return fitsDouble(value) ? Number(value) : new ExactNumber(value)
  if (value.startsWith('@')) {
    const file = value.slice(1)
    try {
      return (await readWhole(file, stdin)).toString('utf8')
    } catch (error) {
      throw new UsageError(`cannot read ${file}: ${unreadableReason(error)}`)
    }
  }
  return value
}

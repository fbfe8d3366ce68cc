// A secret is a type, not a habit (issue 35): a value read from a state file's `{env: …}` or
// `{file: …}`, a masked variable's value, a hook's token is held in a `Secret`, which prints as one
// marker wherever it goes (text, template literals, JSON, YAML, util.inspect, errors), so that a
// path that forgets to hide it shows the marker, not the value. The value comes out through
// `reveal`, which only the request path calls, where a body or query is written for the wire.
import {inspect} from 'node:util'

/** what a secret prints as, everywhere */
export const SECRET_MARKER = '(sensitive)'

// outside the object, so that no walk of its properties (inspect's showHidden, a structured clone, a
// YAML or JSON library that reads own fields) can find the value
const values = new WeakMap<Secret, unknown>()

export class Secret {
  constructor(value: unknown) {
    values.set(this, value)
    Object.freeze(this)
  }

  toString(): string {
    return SECRET_MARKER
  }

  toJSON(): string {
    return SECRET_MARKER
  }

  [Symbol.toPrimitive](): string {
    return SECRET_MARKER
  }

  [inspect.custom](): string {
    return SECRET_MARKER
  }
}

export const isSecret = (value: unknown): value is Secret => value instanceof Secret

/** a value held as a secret (null and undefined stay what they are: nothing to hide) */
export function secret(value: unknown): unknown {
  return value === null || value === undefined || isSecret(value) ? value : new Secret(value)
}

/** the value itself: for the request path only (a body or query written for the wire), and for comparing */
export function reveal(value: unknown): unknown {
  return isSecret(value) ? values.get(value) : value
}

/** a record's fields with each Secret replaced by its value (one level): for comparing, never for printing */
export function revealFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, reveal(value)]))
}

/** a body with every secret in it, at any depth, replaced by its value: what goes on the wire */
export function revealDeep(value: unknown): unknown {
  if (isSecret(value)) return values.get(value)
  if (Array.isArray(value)) return value.some(hasSecret) ? value.map(revealDeep) : value
  if (isPlainObject(value) && hasSecret(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revealDeep(item)]))
  return value
}

/** the secrets of a body, at any depth, revealed: what the run's errors and traces must never quote */
export function revealedValues(value: unknown, into: unknown[] = []): unknown[] {
  if (isSecret(value)) into.push(values.get(value))
  else if (Array.isArray(value)) for (const item of value) revealedValues(item, into)
  else if (isPlainObject(value)) for (const item of Object.values(value)) revealedValues(item, into)
  return into
}

function hasSecret(value: unknown): boolean {
  if (isSecret(value)) return true
  if (Array.isArray(value)) return value.some(hasSecret)
  return isPlainObject(value) && Object.values(value).some(hasSecret)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

// `{env: NAME}` and `{file: PATH}`: a value the state file does not hold itself (a secret, a key file).
// Each is read when the file is checked, before any request; one that cannot be read is refused with
// its place in the file. What a reference was is kept, so that a saved plan can name it instead of
// holding the value.
import {isAbsolute, join} from 'node:path'
import {readWhole, unreadableReason, utf8Text} from '../core/input/read-whole.js'
import {io} from '../core/output/io.js'

export type Reference = {env: string} | {file: string}

/** a reference, or undefined for any other value; `bad` says what is wrong with one that looks meant as one */
export function asReference(value: unknown): {reference?: Reference; bad?: string} {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const keys = Object.keys(value)
  if (!keys.includes('env') && !keys.includes('file')) return {}
  if (keys.length !== 1) return {bad: 'a reference is {env: NAME} or {file: PATH}, alone'}
  const [kind] = keys as ['env' | 'file']
  const target = (value as Record<string, unknown>)[kind]
  if (typeof target !== 'string' || target.trim() === '') return {bad: `{${kind}: …} needs ${kind === 'env' ? 'a variable name' : 'a path'}`}
  return {reference: kind === 'env' ? {env: target} : {file: target}}
}

/**
 * The reference's value; throws an Error whose message is the rule (`environment variable X is not
 * set`). An empty value is refused too: a secret a CI job was not given arrives as an empty variable
 * (a missing secret of a workflow, an unset one exported), and sent, it would wipe the server's value.
 * A value meant empty is written in the file: `""`.
 */
export async function resolveReference(reference: Reference, folder: string): Promise<string> {
  if ('env' in reference) {
    const value = io().env[reference.env]
    if (value === undefined) throw new Error(`environment variable ${reference.env} is not set`)
    if (value === '') throw new Error(`environment variable ${reference.env} is empty (a secret the job was not given?); write "" in the file for an empty value`)
    return value
  }
  const path = isAbsolute(reference.file) ? reference.file : join(folder, reference.file)
  let value: string
  try {
    value = utf8Text(await readWhole(path))
  } catch (error) {
    throw new Error(`cannot read ${reference.file}: ${unreadableReason(error)}`)
  }
  if (value === '') throw new Error(`${reference.file} is empty; write "" in the file for an empty value`)
  return value
}

/** the reference with a file's path made absolute: what a saved plan keeps */
export function anchored(reference: Reference, folder: string): Reference {
  return 'file' in reference && !isAbsolute(reference.file) ? {file: join(folder, reference.file)} : reference
}

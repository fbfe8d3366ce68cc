// The spec shows some single records wrapped in an array of one (a created system hook, a draft note
// read by ID) where the platform answers with a plain object. Accept both, so that commands, tables
// and scripts reading --json always get the same shape as the matching `get`.
import {CliError} from '../base/errors.js'

export function oneRecord<T extends object>(data: T | T[], what: string): T {
  if (!Array.isArray(data)) return data
  if (data.length === 1) return data[0]!
  throw new CliError(`expected one ${what} in the answer, got ${data.length}`)
}

/** the same, for an API call: `await api.post(...).then(one('hook'))` */
export const one =
  <T extends object>(what: string) =>
  (data: T | T[]): T =>
    oneRecord(data, what)

// The one shape of a value refused before anything is sent (exit 2): `--color "blurple": must be …`.
// On the ground floor because every room parses some value of its own (a duration, a size, a page
// limit, a setting), and the input model (input/input.ts) builds on it.
import {UsageError} from './errors.js'
import {quoted} from './escape.js'

/** a value refused locally: `--color "blurple": must be …`, `record 4: color "blurple": …` (exit 2) */
export class InputError extends UsageError {
  constructor(
    readonly where: string,
    readonly rule: string,
  ) {
    super(`${where}: ${rule}`)
  }
}

/** `--retries "99": must be a whole number from 0 to 10`: the one shape of a refused value, for a parser that names its source itself */
export function refused(what: string, value: string, rule: string): InputError {
  return new InputError(`${what} ${quoted(value)}`, rule)
}

// The sandbox numbers its records from small integers, and its tables are keyed by plain numbers; the
// record types say an ID may arrive as an ExactNumber (beyond 2^53). A test that hands an ID it read
// back to the sandbox's tables, or counts with it, states here that it holds a plain number, and fails
// if it does not.
import type {ApiId} from '../../src/core/base/exact-number.js'

export function plainId(id: ApiId): number {
  if (typeof id !== 'number') throw new Error(`expected a plain number ID from the sandbox, got ${String(id)}`)
  return id
}

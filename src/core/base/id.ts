// IDs typed on the command line stay text: a JavaScript number holds whole numbers exactly only up to
// 2^53, and `Number('9007199254740993')` is 9007199254740992, the ID of another record.

import type {ApiId} from './exact-number.js'

/** an ID as typed (its digits) or as the API returned it (a number; beyond 2^53 an ExactNumber, the server's digits) */
export type Id = string | ApiId

/** a positive whole number written in digits: "0" and "000" are no ID, "007" is left to the server */
export function isPositiveId(text: string): boolean {
  return /^\d+$/.test(text) && /[1-9]/.test(text)
}

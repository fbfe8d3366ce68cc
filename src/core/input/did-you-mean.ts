// Which of an input's known values a refused one was probably meant to be (`--scope apii` → api),
// so that the refusal names it. The measure is the one of mistyped commands (suggest.ts); the bar is
// lower than a command's (a third of the length, not less than a third), since a value such as `api`
// is short and `apii` is still plainly it, while `gem` is not `helm`.
import {editDistance} from './suggest.js'

/** the known values nearest to `typed` (a case slip counts as no edit), or none when nothing is near */
export function nearValues(typed: string, known: readonly string[]): string[] {
  const lower = typed.toLowerCase()
  let best: {distance: number; values: string[]} = {distance: Infinity, values: []}
  for (const value of known) {
    const distance = editDistance(lower, value.toLowerCase())
    if (distance > 2 || distance * 3 > value.length) continue
    if (distance < best.distance) best = {distance, values: [value]}
    else if (distance === best.distance) best.values.push(value)
  }
  return best.values
}

/** `; did you mean api?` (or `api or read_api`), or '' when nothing is near */
export function didYouMean(typed: string, known: readonly string[]): string {
  const near = nearValues(typed, known)
  return near.length === 0 ? '' : `; did you mean ${near.join(' or ')}?`
}

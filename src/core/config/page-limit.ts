// How many pages forgectl reads of one list. The page guard refuses a page asked twice and records
// sent twice, but a server that keeps inventing new pages (X-Next-Page always one more, a Link to a
// new page, a page count of a billion) passes both, and `features get` once sent 187,000 requests in
// a minute while `tokens audit` and `plan`, which hold every page, grew without end. The bound is
// generous, so that no real instance meets it (10,000 pages are a million records at 100 a page), and
// can be raised: one rule for the environment variable, the profile and `config set`.
import {refused} from '../base/input-error.js'

export const DEFAULT_MAX_PAGES = 10_000
/** a hundred million records at 100 a page: far beyond any instance, and still an end */
const MAX_MAX_PAGES = 1_000_000

export const PAGES_HELP = `a whole number of pages from 1 to ${MAX_MAX_PAGES}; default ${DEFAULT_MAX_PAGES}`

/** a whole number of pages within bounds; else a usage error naming `what` */
export function parsePageLimit(input: string, what: string): number {
  const text = input.trim()
  const pages = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN
  if (!(pages >= 1 && pages <= MAX_MAX_PAGES)) throw refused(what, input, `must be a whole number of pages from 1 to ${MAX_MAX_PAGES}`)
  return pages
}

/** the bound in force: FORGECTL_MAX_PAGES for one run, else the profile's `max-pages`, else 10,000 */
export function pageLimit(env: NodeJS.ProcessEnv, stored: unknown, profile: string): number {
  const fromEnv = env.FORGECTL_MAX_PAGES
  if (fromEnv !== undefined && fromEnv !== '') return parsePageLimit(fromEnv, 'FORGECTL_MAX_PAGES')
  if (stored !== undefined && stored !== null) return parsePageLimit(String(stored), `the max-pages of profile "${profile}"`)
  return DEFAULT_MAX_PAGES
}

/** what to do when a list is longer than the bound: the bound raised tenfold, within its range */
export function raiseHint(limit: number): string {
  if (limit >= MAX_MAX_PAGES) return `${MAX_MAX_PAGES} pages is the most forgectl reads of one list: read it page by page with --page`
  const raised = Math.min(MAX_MAX_PAGES, limit * 10)
  return `if the list really is that long, raise the bound for one run with FORGECTL_MAX_PAGES=${raised}, or with \`forgectl config set max-pages ${raised}\``
}

// Lists: one page (--page/--per-page) or every page (--all). With --all, when the first page tells
// the total (X-Total-Pages) the rest are fetched concurrently, bounded, and yielded in the server's
// order; when it does not (large collections omit totals) X-Next-Page / Link are followed one by one.
import type {ApiClient, Query} from './request.js'

/** a list endpoint: what to request; `T` is the record type it returns */
export interface ListSpec<T> {
  path: string
  query?: Query
  /** type marker only */
  readonly item?: T
}

export interface PageOptions {
  page?: number
  perPage?: number
  all?: boolean
  concurrency?: number
}

export const DEFAULT_CONCURRENCY = 8
/** the platform's largest page; --all uses it unless --per-page says otherwise */
const ALL_PAGES_PER_PAGE = 100

export function listSpec<T>(path: string, query?: Query): ListSpec<T> {
  return {path, query}
}

export async function* followPages<T>(api: ApiClient, spec: ListSpec<T>, options: PageOptions = {}): AsyncGenerator<T[]> {
  const perPage = options.perPage ?? (options.all ? ALL_PAGES_PER_PAGE : undefined)
  const fetchPage = async (page: number | undefined, extra: Query = {}) => {
    // `list`: an object or a page is refused, never printed as a list of one
    const response = await api.request<T[]>({method: 'GET', path: spec.path, query: {...spec.query, page, per_page: perPage, ...extra}, expect: 'list'})
    return {items: response.data, headers: response.headers}
  }
  const first = await fetchPage(options.page)
  yield first.items
  if (!options.all) return

  const totalPages = Number(first.headers.get('x-total-pages') ?? NaN)
  const startPage = options.page ?? 1
  if (Number.isInteger(totalPages) && totalPages > startPage) {
    yield* concurrentPages(startPage + 1, totalPages, options.concurrency ?? DEFAULT_CONCURRENCY, async page => (await fetchPage(page)).items)
    return
  }
  for (let headers = first.headers, next = nextPageQuery(headers); next; next = nextPageQuery(headers)) {
    const page = await fetchPage(undefined, next)
    headers = page.headers
    yield page.items
  }
}

/** pages `from..to`, at most `limit` in flight, yielded in page order */
async function* concurrentPages<T>(from: number, to: number, limit: number, fetch: (page: number) => Promise<T[]>): AsyncGenerator<T[]> {
  const inFlight: Array<Promise<T[]>> = []
  let next = from
  const launch = () => {
    if (next > to) return
    const pending = fetch(next++)
    pending.catch(() => undefined) // awaited below in order; this keeps a later failure from being "unhandled"
    inFlight.push(pending)
  }
  for (let i = 0; i < Math.max(1, limit); i++) launch()
  while (inFlight.length > 0) {
    const items = await inFlight.shift()!
    launch()
    yield items
  }
}

/** the query of the next page: X-Next-Page, else the Link header's rel="next" (keyset pagination) */
export function nextPageQuery(headers: Headers): Query | undefined {
  const nextPage = headers.get('x-next-page')
  if (nextPage) return {page: Number(nextPage)}
  const link = headers.get('link')
  const next = link?.split(',').map(part => part.trim()).find(part => /rel="?next"?/.test(part))
  const url = next?.match(/<([^>]+)>/)?.[1]
  if (!url) return undefined
  const query: Record<string, string | string[]> = {}
  for (const [key, value] of new URL(url).searchParams) {
    if (key.endsWith('[]')) ((query[key.slice(0, -2)] ??= []) as string[]).push(value)
    else query[key] = value
  }
  return query
}

export async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[]> {
  const all: T[] = []
  for await (const page of pages) all.push(...page)
  return all
}

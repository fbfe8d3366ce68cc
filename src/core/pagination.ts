// Lists: one page (--page/--per-page) or every page (--all). With --all, when the first page tells
// the total (X-Total-Pages) the rest are fetched concurrently, bounded, and yielded in the server's
// order; when it does not (large collections omit totals) X-Next-Page / Link are followed one by one.
import type {ApiClient, Query, ResponseHeaders} from './request.js'

/** a list endpoint: what to request; `T` is the record type it returns */
export interface ListSpec<T> {
  path: string
  query?: Query
  /** fields of the records that traces never show (RequestSpec.secretFields) */
  secretFields?: readonly string[]
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

export function listSpec<T>(path: string, query?: Query, secretFields?: readonly string[]): ListSpec<T> {
  return {path, query, secretFields}
}

export async function* followPages<T>(api: ApiClient, spec: ListSpec<T>, options: PageOptions = {}): AsyncGenerator<T[]> {
  const perPage = options.perPage ?? (options.all ? ALL_PAGES_PER_PAGE : undefined)
  const fetchPage = async (page: number | undefined, extra: Query = {}) => {
    // `list`: an object or a page is refused, never printed as a list of one
    const response = await api.request<T[]>({method: 'GET', path: spec.path, query: {...spec.query, page, per_page: perPage, ...extra}, expect: 'list', secretFields: spec.secretFields})
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

/**
 * Pages `from..to`, yielded in page order, at most `limit` in flight. A request starts as soon as any
 * one ends, not only the oldest: waiting for the oldest before starting the next left slots idle
 * whenever answers came back out of order. Pages that arrived early wait to be yielded, at most
 * `4 × limit` ahead of the one due. After a failure nothing more starts; it is thrown in its turn.
 */
async function* concurrentPages<T>(from: number, to: number, limit: number, fetch: (page: number) => Promise<T[]>): AsyncGenerator<T[]> {
  const width = Math.max(1, limit)
  const started = new Map<number, Promise<T[]>>()
  let next = from
  let due = from
  let running = 0
  let failure: Promise<T[]> | undefined
  const launch = () => {
    while (failure === undefined && running < width && next <= to && next - due < width * 4) {
      const pending = fetch(next)
      running++
      started.set(next++, pending)
      pending.then(
        () => {
          running--
          launch()
        },
        () => {
          running--
          failure ??= pending
        },
      )
    }
  }
  for (; due <= to; due++) {
    launch()
    // not started: a failure stopped the launches, and it is the error to end with
    const pending = started.get(due) ?? failure!
    started.delete(due)
    yield await pending
  }
}

/** the query of the next page: X-Next-Page, else the Link header's rel="next" (keyset pagination) */
export function nextPageQuery(headers: ResponseHeaders): Query | undefined {
  const nextPage = headers.get('x-next-page')
  if (nextPage) return {page: Number(nextPage)}
  const link = headers.get('link')
  const next = link
    ?.split(',')
    .map(part => part.trim())
    .find(part => /rel="?next"?/.test(part))
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

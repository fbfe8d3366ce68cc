// Lists: one page (--page/--per-page) or every page (--all). With --all, when the first page tells
// the total (X-Total-Pages) the rest are fetched concurrently, bounded, and yielded in the server's
// order; when it does not (large collections omit totals) X-Next-Page / Link are followed one by one.
import {CliError} from '../base/errors.js'
import type {ApiClient, Query, ResponseHeaders} from '../http/request.js'
import {hasRelation, linkValues} from './link-header.js'
import {PageGuard, shorten} from './page-guard.js'

/** what reads a list: the client, with its bound on the pages of one list (Connection.maxPages) */
export type ListReader = Pick<ApiClient, 'request' | 'url' | 'maxPages'>

/** a list endpoint: what to request; `T` is the record type it returns */
export interface ListSpec<T> {
  path: string
  query?: Query
  /** fields of the records that traces never show (RequestSpec.secretFields) */
  secretFields?: readonly string[]
  /**
   * The query that asks the same list by keyset (`pagination=keyset` and the order it supports), where
   * the platform offers it: a whole-list read turns to it when the first page tells no total (followPages)
   */
  keyset?: Query
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

export function listSpec<T>(path: string, query?: Query, secretFields?: readonly string[], keyset?: Query): ListSpec<T> {
  return keyset ? {path, query, secretFields, keyset} : {path, query, secretFields}
}

/**
 * The pages of a list. Every path ends: a page is never asked for twice, an empty page ends the list,
 * a page count (X-Total-Pages) is believed only as far as the pages bear it out, no next page goes past
 * it, and no more than `api.maxPages` pages are read (PageGuard): a list longer than that ends with
 * an error after its last page read, never as if complete.
 */
export async function* followPages<T>(api: ListReader, spec: ListSpec<T>, options: PageOptions = {}): AsyncGenerator<T[]> {
  const perPage = options.perPage ?? (options.all ? ALL_PAGES_PER_PAGE : undefined)
  const guard = new PageGuard(`GET /api/v4${spec.path}`, api.maxPages)
  const fetchPage = async (query: Query, signal?: AbortSignal) => {
    // `list`: an object or a page is refused, never printed as a list of one
    const response = await api.request<T[]>({method: 'GET', path: spec.path, query, expect: 'list', signal, secretFields: spec.secretFields})
    return {items: response.data, headers: response.headers, query}
  }
  const startPage = options.page ?? 1
  const firstQuery = {...spec.query, page: options.page, per_page: perPage}
  guard.ask(firstQuery)
  const first = await fetchPage(firstQuery)
  const totalPages = Number(first.headers.get('x-total-pages') ?? NaN)
  // A whole list that tells no total (over 10,000 records) is read one page after the other whatever
  // the way; where the platform offers keyset pagination it is taken from the start then, since offset
  // pagination of users and groups is refused past 50,000 records (lib/api/helpers/pagination_strategies.rb)
  // and costs the server more the deeper it goes. With a total, the offset pages stay concurrent.
  if (options.all === true && options.page === undefined && spec.keyset && !Number.isInteger(totalPages) && first.items.length > 0 && nextPageQuery(first.headers, api.url(spec.path, firstQuery))) {
    const keysetGuard = new PageGuard(`GET /api/v4${spec.path}`, api.maxPages)
    const keysetQuery = {...spec.query, ...spec.keyset, per_page: perPage}
    keysetGuard.ask(keysetQuery)
    const start = await fetchPage(keysetQuery)
    // the offset page 1 had records and a next page: no records by keyset contradicts it, and ending
    // there would pass an empty list for the whole one
    if (!keysetGuard.accept(start.items, 'page 1')) {
      throw new CliError(
        `the server answered no records by keyset (pagination=keyset) where its page 1 by offset had some and named a next page: the list cannot be read whole (GET /api/v4${spec.path})`,
      )
    }
    yield start.items
    yield* followLinks(start, keysetGuard)
    return
  }
  const more = options.all === true && guard.accept(first.items, `page ${startPage}`)
  yield first.items
  if (!more) return

  guard.announce(totalPages, startPage)
  if (Number.isInteger(totalPages) && totalPages > startPage) {
    let number = startPage
    const width = options.concurrency ?? DEFAULT_CONCURRENCY
    // no page past the bound is asked for, whatever count was announced
    const last = Math.min(totalPages, startPage + guard.limit - 1)
    for await (const items of concurrentPages(startPage + 1, last, width, async (page, signal) => (await fetchPage({...firstQuery, page}, signal)).items)) {
      // a total that an empty page contradicts is not believed: the pages fetched ahead are dropped
      if (!guard.accept(items, `page ${++number}`)) return
      yield items
    }
    if (last < totalPages) guard.checkBound()
    return
  }
  yield* followLinks(first, guard)

  /** the pages after `from`, one by one, by X-Next-Page or the Link header's rel="next" */
  async function* followLinks(from: Awaited<ReturnType<typeof fetchPage>>, pages: PageGuard): AsyncGenerator<T[]> {
    for (let current = from, count = 2; ; count++) {
      const next = nextPageQuery(current.headers, api.url(spec.path, current.query))
      if (!next) return
      const query = {...spec.query, page: undefined, per_page: perPage, ...next}
      pages.ask(query)
      current = await fetchPage(query)
      // keyset pages (a Link with `id_after` or `cursor`) have no number: they are named by their place
      if (!pages.accept(current.items, `page ${query.page ?? count}`)) return
      yield current.items
    }
  }
}

/**
 * The first record of a list that `matches`, page after page, reading no further than where it is
 * found (the pages still in flight are called off). A record may be anything a server sent: `matches`
 * is given it as possibly partial, or null.
 */
export async function findInList<T>(api: ListReader, spec: ListSpec<T>, matches: (record: Partial<T> | null) => boolean): Promise<T | undefined> {
  for await (const page of followPages(api, spec, {all: true})) {
    const found = page.find(record => matches(record as Partial<T> | null))
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * Pages `from..to`, yielded in page order, at most `limit` in flight. A request starts as soon as any
 * one ends, not only the oldest: waiting for the oldest before starting the next left slots idle
 * whenever answers came back out of order. Pages that arrived early wait to be yielded, at most
 * `4 × limit` ahead of the one due, which also bounds what a page count the pages do not bear out
 * costs: once the consumer stops, nothing more starts, and the requests still in flight are called
 * off (else the process would wait for them, retries included). A failure ends the list at once, even
 * while an earlier page still waits out a Retry-After: the others are called off with their waits (a
 * 429's 600 s before the page due would otherwise hold the exit of a run that has already failed).
 */
async function* concurrentPages<T>(from: number, to: number, limit: number, fetch: (page: number, signal: AbortSignal) => Promise<T[]>): AsyncGenerator<T[]> {
  const width = Math.max(1, limit)
  const started = new Map<number, Promise<T[]>>()
  let next = from
  let due = from
  let running = 0
  let failure: {error: unknown} | undefined
  let fail: (error: unknown) => void = () => undefined
  const failed = new Promise<never>((_resolve, reject) => (fail = reject))
  // awaited only in a race: a failure with no page due must not read as unhandled
  failed.catch(() => undefined)
  const unwanted = new AbortController()
  const launch = () => {
    while (!unwanted.signal.aborted && failure === undefined && running < width && next <= to && next - due < width * 4) {
      const pending = fetch(next, unwanted.signal)
      running++
      started.set(next++, pending)
      pending.then(
        () => {
          running--
          launch()
        },
        (error: unknown) => {
          running--
          if (failure !== undefined || unwanted.signal.aborted) return
          failure = {error}
          fail(error)
          unwanted.abort()
        },
      )
    }
  }
  try {
    for (; due <= to; due++) {
      launch()
      // not started: a failure stopped the launches, and it is the error to end with
      const pending = started.get(due) ?? failed
      started.delete(due)
      // a page called off by another's failure ends with that failure, not with its own abort
      yield await Promise.race([pending, failed]).catch((error: unknown) => {
        throw failure ? failure.error : error
      })
    }
  } finally {
    unwanted.abort()
  }
}

/**
 * The query of the next page: X-Next-Page, else the Link header's rel="next" (keyset pagination),
 * resolved against the request's address (RFC 8288 allows a relative one). Only the query is taken:
 * the next page is asked of the same host and path, so a Link naming another origin never receives a
 * request, nor the token.
 */
export function nextPageQuery(headers: ResponseHeaders, requestUrl: string): Query | undefined {
  const where = `(GET ${new URL(requestUrl).pathname})`
  const nextPage = headers.get('x-next-page')?.trim()
  if (nextPage) {
    if (!/^[1-9]\d{0,14}$/.test(nextPage)) throw new CliError(`the server's X-Next-Page "${shorten(nextPage)}" is not a page number ${where}`)
    return {page: Number(nextPage)}
  }
  const link = headers.get('link')
  const next = link === null ? undefined : linkValues(link).find(value => hasRelation(value, 'next'))
  if (next === undefined) return undefined
  const ref = next.target
  // a next page named but not readable is an error: ending there would pass a part of the list for all of it
  if (ref === undefined) throw new CliError(`the server's Link header names a next page without its address in <…>: "${shorten(next.text)}" ${where}`)
  let target: URL
  try {
    target = new URL(ref, requestUrl)
  } catch {
    throw new CliError(`the server's Link header names a next page that is not a URL: "${shorten(ref)}" ${where}`)
  }
  const query: Record<string, string | string[]> = {}
  for (const [key, value] of target.searchParams) {
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

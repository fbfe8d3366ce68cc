// The pagination loop's guard over any sequence of answers: whatever pages, next pages, Links and
// totals a server sends, `--all` ends within a bound set by how many different pages it sent, and ends
// with a list or with one CliError, never a TypeError. The server here is a function of the request's
// place in the sequence, not HTTP: the loop is the unit under test (the commands' tests talk HTTP).
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {CliError} from '../../src/core/base/errors.js'
import {DEFAULT_MAX_PAGES, pageLimit, parsePageLimit, raiseHint} from '../../src/core/config/page-limit.js'
import {type ApiResponse, type Query, type RequestSpec, toSearchParams} from '../../src/core/http/request.js'
import {pageKey} from '../../src/core/lists/page-guard.js'
import {followPages, listSpec, nextPageQuery} from '../../src/core/lists/pagination.js'

interface Answer {
  /** which of the server's pages: -1 for an empty one */
  page: number
  headers: Record<string, string>
}

const BASE = 'http://forge.test/api/v4'

/** the loop over scripted answers; throws once it asks for more than `cap` pages */
async function run(answers: Answer[], pool: unknown[][], cap: number, concurrency: number, keyset?: Query): Promise<{requests: number; ended: 'list' | CliError; items: unknown[]}> {
  let requests = 0
  const api = {
    maxPages: 10_000,
    url: (path: string, query?: Query) => `${BASE}${path}?${toSearchParams(query)}`,
    request: async <T>(_spec: RequestSpec): Promise<ApiResponse<T>> => {
      const answer = answers[requests % answers.length]!
      if (++requests > cap) throw new Error(`more than ${cap} requests`)
      await Promise.resolve()
      return {status: 200, headers: new Headers(answer.headers), data: (answer.page < 0 ? [] : pool[answer.page]!) as T}
    },
  }
  const items: unknown[] = []
  try {
    for await (const page of followPages(api, listSpec<unknown>('/x', undefined, undefined, keyset), {all: true, concurrency})) items.push(...page)
    return {requests, ended: 'list', items}
  } catch (error) {
    if (error instanceof CliError) return {requests, ended: error, items}
    throw error
  }
}

const pageNumber = fc.integer({min: 1, max: 6})
const header = <T>(name: string, values: fc.Arbitrary<T>) =>
  fc.option(
    values.map(v => ({[name]: String(v)})),
    {nil: undefined},
  )
const answer = (pages: number) =>
  fc
    .record({
      page: fc.integer({min: -1, max: pages - 1}),
      next: header('x-next-page', fc.oneof(pageNumber, fc.constantFrom('', 'abc', '0', '2.5'))),
      total: header('x-total-pages', fc.oneof(pageNumber, fc.constantFrom(1_000_000_000, 'NaN'))),
      link: header(
        'link',
        fc.oneof(
          pageNumber.map(k => `<?page=${k}&per_page=100>; rel="next"`),
          pageNumber.map(k => `</api/v4/x?id_after=${k}>; rel="next"`),
          pageNumber.map(k => `<http://elsewhere.test/x?id_after=${k}>; rel="next"`),
          fc.constantFrom('<http://[::1>; rel="next"', '<>; rel="next"', '<?page=1>; rel="first"'),
        ),
      ),
    })
    .map(({page, next, total, link}): Answer => ({page, headers: {...next, ...total, ...link}}))

describe('--all over any answers', () => {
  // a list the platform also pages by keyset (projects, users, groups) turns to it when page 1 tells no
  // total: one request more (keyset's own page 1), and the same guard over every page after it
  it.each([
    ['', undefined, 2],
    [', where the list turns to keyset pages (one request more)', {pagination: 'keyset', order_by: 'id', sort: 'asc'}, 3],
  ] as const)('ends within (different pages sent) + 2 + 4 × concurrency requests, with a list or one CliError%s', async (_where, keyset, extra) => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({min: 1, max: 6}).chain(pages => fc.record({pages: fc.constant(pages), answers: fc.array(answer(pages), {minLength: 1, maxLength: 12}), concurrency: fc.integer({min: 1, max: 8})})),
        async ({pages, answers, concurrency}) => {
          const pool = Array.from({length: pages}, (_, i) => [{id: i}, {id: i + 100}])
          const bound = pages + extra + 4 * concurrency
          const {requests, ended, items} = await run(answers, pool, bound, concurrency, keyset)
          expect(requests).toBeLessThanOrEqual(bound)
          if (ended !== 'list') expect(ended.message).not.toContain('\n')
          // no record twice: a repeated page is never printed
          expect(new Set(items.map(item => (item as {id: number}).id)).size).toBe(items.length)
        },
      ),
      {numRuns: 500},
    )
  })

  it('refuses a keyset page 1 that is empty where the offset page 1 had records and a next page: never an empty list passed for the whole', async () => {
    const answers: Answer[] = [
      {page: 0, headers: {link: '<?page=2&per_page=100>; rel="next"'}},
      {page: -1, headers: {}},
    ]
    const {requests, ended, items} = await run(answers, [[{id: 1}]], 5, 1, {pagination: 'keyset', order_by: 'id', sort: 'asc'})
    expect({requests, items}).toEqual({requests: 2, items: []})
    expect(ended).toEqual(
      new CliError('the server answered no records by keyset (pagination=keyset) where its page 1 by offset had some and named a next page: the list cannot be read whole (GET /api/v4/x)'),
    )
  })
})

/** how an endless server names the page after page `n` (its `k`-th answer) */
const ENDLESS = {
  'X-Next-Page': (n: number) => ({'x-next-page': String(n + 1)}),
  'Link to a page number': (n: number) => ({link: `<?page=${n + 1}&per_page=100>; rel="next"`}),
  'keyset Link (id_after)': (_n: number, k: number) => ({link: `</api/v4/x?id_after=${k * 7 + 3}&per_page=100&pagination=keyset>; rel="next"`}),
  'X-Total-Pages of a billion': () => ({'x-total-pages': '1000000000'}),
  // each page the last of as many as have been read, and naming one more
  'X-Total-Pages growing with X-Next-Page': (n: number) => ({'x-total-pages': String(n), 'x-next-page': String(n + 1)}),
} as const
type Style = keyof typeof ENDLESS

/**
 * A server that never ends a list: every answer holds new records, and its headers, in `styles` turn
 * by turn, name yet another page. Stops the test (a plain Error) past `cap` requests.
 */
async function endless(styles: Style[], maxPages: number, concurrency: number, cap: number) {
  let requests = 0
  const api = {
    maxPages,
    url: (path: string, query?: Query) => `${BASE}${path}?${toSearchParams(query)}`,
    request: async <T>(spec: RequestSpec): Promise<ApiResponse<T>> => {
      const k = requests++
      if (requests > cap) throw new Error(`more than ${cap} requests`)
      await Promise.resolve()
      const n = Number(toSearchParams(spec.query).get('page') ?? 1)
      const headers = ENDLESS[styles[k % styles.length]!](n, k)
      return {status: 200, headers: new Headers(headers), data: [{id: 2 * k}, {id: 2 * k + 1}] as T}
    },
  }
  let pages = 0
  try {
    for await (const _page of followPages(api, listSpec<unknown>('/x'), {all: true, concurrency})) pages++
    return {requests, pages, ended: 'list' as const}
  } catch (error) {
    if (error instanceof CliError) return {requests, pages, ended: error}
    throw error
  }
}

describe('a server that invents new pages without end', () => {
  const style = fc.constantFrom(...(Object.keys(ENDLESS) as Style[]))

  it('is read no further than the bound, whatever the mix of ways it names a next page: at most max-pages requests', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(style, {minLength: 1, maxLength: 6}), fc.integer({min: 1, max: 40}), fc.integer({min: 1, max: 8}), async (styles, maxPages, concurrency) => {
        const {requests, pages, ended} = await endless(styles, maxPages, concurrency, maxPages + 50)
        expect(requests).toBeLessThanOrEqual(maxPages)
        expect(pages).toBeLessThanOrEqual(maxPages)
        if (ended !== 'list') expect(ended.message).not.toContain('\n')
      }),
      {numRuns: 300},
    )
  })

  it.each(['X-Next-Page', 'Link to a page number', 'keyset Link (id_after)', 'X-Total-Pages of a billion'] as const)(
    'named by %s: every page up to the bound is read, then one error naming the list, the pages read and the way to raise the bound',
    async name => {
      for (const [maxPages, concurrency] of [
        [1, 1],
        [3, 2],
        [25, 8],
      ] as const) {
        const {requests, pages, ended} = await endless([name], maxPages, concurrency, maxPages + 50)
        expect(ended).toBeInstanceOf(CliError)
        expect((ended as CliError).message).toBe(
          `the list goes on past ${maxPages} page${maxPages === 1 ? '' : 's'}, the most forgectl reads of one list; stopped after ${maxPages} page${maxPages === 1 ? '' : 's'}, the list incomplete (GET /api/v4/x): if the list really is that long, raise the bound for one run with FORGECTL_MAX_PAGES=${maxPages * 10}, or with \`forgectl config set max-pages ${maxPages * 10}\``,
        )
        expect(pages).toBe(maxPages)
        expect(requests).toBe(maxPages)
      }
    },
  )

  it('a next page past the X-Total-Pages the first page announced is refused: the server contradicts itself', async () => {
    const {requests, pages, ended} = await endless(['X-Total-Pages growing with X-Next-Page'], 10_000, 8, 100)
    // page 1 says it is the last of 1 (X-Total-Pages: 1), and names page 2
    expect((ended as CliError).message).toBe(
      'the server named a next page (page=2&per_page=100) past the 1 page its first page announced (X-Total-Pages), contradicting itself; stopped after 1 page, the list incomplete (GET /api/v4/x)',
    )
    expect([requests, pages]).toEqual([1, 1])
  })
})

describe('the next page', () => {
  const here = `${BASE}/projects/20/labels?per_page=100`

  it('resolves a relative Link against the request, and keeps only its query', () => {
    expect(nextPageQuery(new Headers({link: '<?id_after=7&per_page=100>; rel="next"'}), here)).toEqual({id_after: '7', per_page: '100'})
    expect(nextPageQuery(new Headers({link: '</api/v4/projects/20/labels?page=3>; rel="next"'}), here)).toEqual({page: '3'})
    expect(nextPageQuery(new Headers({link: '<https://elsewhere.test/x?page=3>; rel="next"'}), here)).toEqual({page: '3'})
    expect(nextPageQuery(new Headers({link: '<?page=3>; rel=next; title="3"'}), here)).toEqual({page: '3'})
    expect(nextPageQuery(new Headers({link: '<?page=3>; rel="next-archive"'}), here)).toBeUndefined()
  })

  // RFC 8288: a link-value's commas inside <…> or a quoted string separate nothing, and `rel` is a list of
  // relation types, any one of which may be `next`, its name case-insensitive. A next link misread ended
  // the list as if it were complete (a comma in a cursor or a filter cut the link in two).
  it('reads a Link as RFC 8288 writes it: commas inside <…> or quotes, several relation types, any case', () => {
    expect(nextPageQuery(new Headers({link: '<?topic=a,b&id_after=5>; rel="next"'}), here)).toEqual({topic: 'a,b', id_after: '5'})
    expect(nextPageQuery(new Headers({link: '<?page=1>; rel="first", <?page=3>; title="a, b"; rel="prev next"'}), here)).toEqual({page: '3'})
    expect(nextPageQuery(new Headers({link: '<?page=1>; rel="first"; title="x, rel=next", <?page=9>; rel="last"'}), here)).toBeUndefined()
    expect(nextPageQuery(new Headers({link: '<?page=4>; REL="Next"'}), here)).toEqual({page: '4'})
  })

  it('refuses a Link whose next link has no target in <…>, rather than ending the list as if complete', () => {
    expect(() => nextPageQuery(new Headers({link: 'page=3; rel="next"'}), here)).toThrow(
      new CliError(`the server's Link header names a next page without its address in <…>: "page=3; rel="next"" (GET /api/v4/projects/20/labels)`),
    )
  })

  it.each([
    [{'x-next-page': 'abc'}, `the server's X-Next-Page "abc" is not a page number (GET /api/v4/projects/20/labels)`],
    [{'x-next-page': '0'}, `the server's X-Next-Page "0" is not a page number (GET /api/v4/projects/20/labels)`],
    [{link: '<http://[::1>; rel="next"'}, `the server's Link header names a next page that is not a URL: "http://[::1" (GET /api/v4/projects/20/labels)`],
  ])('refuses %j in one line', (headers, message) => {
    expect(() => nextPageQuery(new Headers(headers), here)).toThrow(new CliError(message))
  })

  it('names a page the same way whatever the order of its query, and the first page with or without page=1', () => {
    expect(pageKey({per_page: 100, page: 2})).toBe(pageKey({page: '2', per_page: '100'}))
    expect(pageKey({per_page: 100})).toBe(pageKey({page: 1, per_page: 100}))
    expect(pageKey({per_page: 100, id_after: 3})).not.toBe(pageKey({per_page: 100}))
  })
})

describe('the bound on pages of one list', () => {
  it('is FORGECTL_MAX_PAGES, else the profile, else 10,000; a value that is not a page count in range is refused naming where it came from', () => {
    expect(pageLimit({}, undefined, 'default')).toBe(DEFAULT_MAX_PAGES)
    expect(pageLimit({}, 250, 'ci')).toBe(250)
    expect(pageLimit({FORGECTL_MAX_PAGES: '20000'}, 250, 'ci')).toBe(20_000)
    expect(pageLimit({FORGECTL_MAX_PAGES: ''}, undefined, 'ci')).toBe(DEFAULT_MAX_PAGES)
    for (const bad of ['0', '-1', '2.5', '1e4', 'lots', '1000001'])
      expect(() => parsePageLimit(bad, 'FORGECTL_MAX_PAGES')).toThrow(`FORGECTL_MAX_PAGES "${bad}": must be a whole number of pages from 1 to 1000000`)
    expect(() => pageLimit({}, 0, 'ci')).toThrow('the max-pages of profile "ci" "0": must be a whole number of pages from 1 to 1000000')
  })

  it('says how to raise it, tenfold, and at the top of the range that there is no more', () => {
    expect(raiseHint(10_000)).toBe('if the list really is that long, raise the bound for one run with FORGECTL_MAX_PAGES=100000, or with `forgectl config set max-pages 100000`')
    expect(raiseHint(500_000)).toContain('FORGECTL_MAX_PAGES=1000000')
    expect(raiseHint(1_000_000)).toBe('1000000 pages is the most forgectl reads of one list: read it page by page with --page')
  })
})

// The pagination loop's guard over any sequence of answers: whatever pages, next pages, Links and
// totals a server sends, `--all` ends within a bound set by how many different pages it sent, and ends
// with a list or with one CliError, never a TypeError. The server here is a function of the request's
// place in the sequence, not HTTP: the loop is the unit under test (the commands' tests talk HTTP).
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {CliError} from '../../src/core/command/errors.js'
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
async function run(answers: Answer[], pool: unknown[][], cap: number, concurrency: number): Promise<{requests: number; ended: 'list' | CliError; items: unknown[]}> {
  let requests = 0
  const api = {
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
    for await (const page of followPages(api, listSpec<unknown>('/x'), {all: true, concurrency})) items.push(...page)
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
  it('ends within (different pages sent) + 2 + 4 × concurrency requests, with a list or one CliError', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({min: 1, max: 6}).chain(pages => fc.record({pages: fc.constant(pages), answers: fc.array(answer(pages), {minLength: 1, maxLength: 12}), concurrency: fc.integer({min: 1, max: 8})})),
        async ({pages, answers, concurrency}) => {
          const pool = Array.from({length: pages}, (_, i) => [{id: i}, {id: i + 100}])
          const bound = pages + 2 + 4 * concurrency
          const {requests, ended, items} = await run(answers, pool, bound, concurrency)
          expect(requests).toBeLessThanOrEqual(bound)
          if (ended !== 'list') expect(ended.message).not.toContain('\n')
          // no record twice: a repeated page is never printed
          expect(new Set(items.map(item => (item as {id: number}).id)).size).toBe(items.length)
        },
      ),
      {numRuns: 500},
    )
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

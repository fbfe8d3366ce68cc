// Whole-list reads of projects, users and groups turn to keyset pagination where the platform offers it
// and the first page tells no total (issue 34): the platform caps offset pagination of users and groups
// at 50,000 records (lib/api/helpers/pagination_strategies.rb) and leaves the totals out past 10,000, when
// the pages are read one by one anyway. With a total, the offset pages are still fetched concurrently.
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({seedProjects: 23})

const requestsDuring = async (run: () => Promise<unknown>) => {
  const before = sb.sandbox.requests.length
  await run()
  return sb.sandbox.requests.slice(before).map(r => new URLSearchParams(r.query))
}

describe('--all of projects, users and groups', () => {
  it('follows keyset pages when the first page tells no total, and returns every record once', async () => {
    for (const [args, path] of [
      [['projects', 'list'], '/projects?order_by=id&per_page=100'],
      [['users', 'list'], '/users?per_page=100'],
      [['groups', 'list'], '/groups?per_page=100'],
    ] as const) {
      const everything = (await sb.api<Array<{id: number}>>('GET', path, {as: 'admin'})).body.map(r => r.id).sort((a, b) => a - b)
      let ids: number[] = []
      const queries = await sb.withOptions({totalsLimit: 3}, () =>
        requestsDuring(async () => {
          const result = await sb.run([...args, '--all', '--per-page', '4', '--json'], {as: 'admin'})
          expect(result.code, result.stderr).toBe(0)
          ids = result.json<Array<{id: number}>>().map(r => r.id)
        }),
      )
      expect(
        [...ids].sort((a, b) => a - b),
        args.join(' '),
      ).toEqual(everything)
      expect(new Set(ids).size).toBe(ids.length)
      expect(queries.filter(q => q.get('pagination') === 'keyset').length, args.join(' ')).toBeGreaterThan(1)
    }
  })

  it('keeps offset pages, fetched concurrently, when the first page tells the total', async () => {
    const queries = await requestsDuring(async () => expect((await sb.run(['projects', 'list', '--all', '--per-page', '4', '--json'], {as: 'admin'})).code).toBe(0))
    expect(queries.some(q => q.get('pagination') === 'keyset')).toBe(false)
    expect(queries.map(q => q.get('page') ?? '1').length).toBeGreaterThan(2)
  })

  it('keeps offset pages for an order keyset does not offer (groups by path)', async () => {
    const queries = await sb.withOptions({totalsLimit: 3}, () =>
      requestsDuring(async () => expect((await sb.run(['groups', 'list', '--all', '--per-page', '2', '--order-by', 'path'], {as: 'admin'})).code).toBe(0)),
    )
    expect(queries.some(q => q.get('pagination') === 'keyset')).toBe(false)
  })
})

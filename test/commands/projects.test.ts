import {describe, expect, it} from 'vitest'
import type {Project} from '../../src/api/projects.js'
import {useSandbox} from '../helpers/sandbox.js'

// Finding things by name (issue 27), read-only: projects list and get. Split from directory.test.ts (issue 38: a test file
// under each topic's own name).
const sb = useSandbox()
const lines = (text: string) => text.trim().split('\n')

describe('projects list / get', () => {
  it('lists what the caller may see, exactly the API JSON, newest first', async () => {
    const result = await sb.run(['projects', 'list', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const api = await sb.api<Project[]>('GET', '/projects')
    expect(result.json()).toEqual(api.body)
    expect(result.json<Project[]>().map(p => p.path_with_namespace)).toEqual(['opensource/docs', 'acme/design/brand', 'opensource/tool', 'acme/website', 'acme/platform/api'])
    const outsider = await sb.run(['projects', 'list', '-q'], {as: 'outsider'})
    expect(lines(outsider.stdout)).toEqual(['opensource/docs', 'acme/design/brand', 'opensource/tool'])
  })

  it('a table with the default columns; -q prints full paths as -p takes them', async () => {
    const table = await sb.run(['projects', 'list', '-o', 'table'])
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+path_with_namespace\s+visibility\s+default_branch\s+web_url\s*$/)
    expect(table.stdout).toMatch(/20\s+acme\/platform\/api\s+private\s+main/)
  })

  it('--search, --order-by, pages and --all', async () => {
    expect(lines((await sb.run(['projects', 'list', '--search', 'WEB', '-q'])).stdout)).toEqual(['acme/website'])
    const page = await sb.run(['projects', 'list', '--order-by', 'path', '--per-page', '2', '-q'])
    expect(sb.sandbox.requests.at(-1)?.query).toContain('order_by=path')
    expect(lines(page.stdout)).toHaveLength(2)
    const all = await sb.run(['projects', 'list', '--per-page', '2', '--all', '-q'])
    expect(lines(all.stdout)).toHaveLength(5)
  })

  it("-g lists a group's projects, --include-subgroups those of its subgroups too", async () => {
    expect(lines((await sb.run(['projects', 'list', '-g', 'acme', '-q'])).stdout)).toEqual(['acme/website'])
    const deep = await sb.run(['projects', 'list', '-g', 'acme', '--include-subgroups', '-q'])
    expect(sb.sandbox.requests.at(-1)).toMatchObject({path: '/groups/acme/projects'})
    expect(lines(deep.stdout).sort()).toEqual(['acme/design/brand', 'acme/platform/api', 'acme/website'])
  })

  it('--include-subgroups without -g is refused before sending (exit 2)', async () => {
    const {result, requests} = await sb.runCounted(['projects', 'list', '--include-subgroups'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: --include-subgroups applies to the projects of a group: give -g GROUP too\n')
    expect(requests).toBe(0)
  })

  it('gets a project by full path or ID; one the caller may not see is not found (exit 3)', async () => {
    const byPath = await sb.run(['projects', 'get', 'acme/platform/api', '--json'])
    expect(byPath.code, byPath.stderr).toBe(0)
    expect(byPath.json<Project>()).toMatchObject({id: 20, namespace: {full_path: 'acme/platform'}})
    expect((await sb.run(['projects', 'get', '20', '-q'])).stdout).toBe('acme/platform/api\n')
    const hidden = await sb.run(['projects', 'get', '21'], {as: 'outsider'})
    expect(hidden.code).toBe(3)
    const bad = await sb.runCounted(['projects', 'get', 'a,b'])
    expect(bad.result.code).toBe(2)
    expect(bad.result.stderr).toContain('PROJECT "a,b": names one project')
    expect(bad.requests).toBe(0)
  })
})

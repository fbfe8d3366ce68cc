import {describe, expect, it} from 'vitest'
import type {Group} from '../../src/api/groups.js'
import {useSandbox} from '../helpers/sandbox.js'

// Finding things by name (issue 27), read-only: groups list, get and subgroups. Split from directory.test.ts (issue 38: a test file
// under each topic's own name).
const sb = useSandbox()
const lines = (text: string) => text.trim().split('\n')

describe('groups list / get / subgroups', () => {
  it('lists the groups the caller may see, by name, with --search and --top-level-only', async () => {
    const result = await sb.run(['groups', 'list', '--json'])
    expect(result.json()).toEqual((await sb.api<Group[]>('GET', '/groups')).body)
    expect(result.json<Group[]>().map(g => g.full_path)).toEqual(['acme', 'acme/design', 'opensource', 'acme/platform'])
    expect(lines((await sb.run(['groups', 'list', '-q'], {as: 'outsider'})).stdout)).toEqual(['acme/design', 'opensource'])
    expect(lines((await sb.run(['groups', 'list', '--top-level-only', '--search', 'o', '-q'])).stdout)).toEqual(['opensource'])
    const table = await sb.run(['groups', 'list', '-o', 'table'])
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+full_path\s+name\s+visibility\s+web_url\s*$/)
  })

  it('gets a group by path or ID, and lists its direct subgroups', async () => {
    const group = await sb.run(['groups', 'get', 'acme/platform', '--json'])
    expect(group.json<Group>()).toMatchObject({id: 11, full_name: 'Acme / Platform', parent_id: 10})
    expect((await sb.run(['groups', 'get', '10', '-q'])).stdout).toBe('acme\n')
    expect(lines((await sb.run(['groups', 'subgroups', 'acme', '-q'])).stdout)).toEqual(['acme/design', 'acme/platform'])
    expect(lines((await sb.run(['groups', 'subgroups', '10', '--search', 'des', '-q'])).stdout)).toEqual(['acme/design'])
    expect((await sb.run(['groups', 'subgroups', 'acme', '--per-page', '1', '--all', '-q'])).stdout).toBe('acme/design\nacme/platform\n')
    expect((await sb.run(['groups', 'get', 'acme'], {as: 'outsider'})).code).toBe(3)
  })
})

// Issue 36: `milestones list -g acme` at 60 columns cut titles, though the README says IDs, names and
// states are never cut. Every list's default columns: each that names its record (a name, a title, a
// username, a full path) is one a narrow terminal never cuts (table-layout.ts cutRank, or the command's fits).
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'
import {type ColumnFit, cutRank} from '../../src/core/output/table-layout.js'

const root = join(import.meta.dirname, '../../src/commands')
const walk = (dir: string): string[] => readdirSync(dir, {withFileTypes: true}).flatMap(e => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
const listing = walk(root).filter(f => f.endsWith('.ts') && readFileSync(f, 'utf8').includes('static columns = '))
const NAMING = /(^|_)(name|title|username)$|^(full_path|path_with_namespace|name_with_namespace)$/

describe('names and titles are never cut, in every list', () => {
  it('finds the lists, milestones among them', () => {
    expect(listing.map(f => relative(root, f))).toEqual(expect.arrayContaining(['milestones/list.ts', 'labels/list.ts', 'tokens/audit.ts']))
  })

  it.each(listing.map(f => [relative(root, f), f]))('%s', async (_name, file) => {
    const {default: command} = (await import(file)) as {default: {columns?: readonly string[]; fits?: Readonly<Record<string, ColumnFit>>}}
    const naming = (command.columns ?? []).filter(column => NAMING.test(column.slice(column.lastIndexOf('.') + 1)))
    for (const column of naming) expect(command.fits?.[column]?.rank ?? cutRank(column), column).toBe('never')
  })
})

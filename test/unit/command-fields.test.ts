// A command's declared record fields (static fields, checked against the interface by the compiler)
// must cover its default columns: else `--columns` with a default column's name would be refused on
// an empty list.
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'

const root = join(import.meta.dirname, '../../src/commands')
const walk = (dir: string): string[] => readdirSync(dir, {withFileTypes: true}).flatMap(e => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
const declaring = walk(root).filter(f => f.endsWith('.ts') && readFileSync(f, 'utf8').includes('static fields = '))

describe('static fields of commands', () => {
  it('are declared by the list commands', () => {
    expect(declaring.map(f => relative(root, f))).toEqual(expect.arrayContaining(['labels/list.ts', 'hooks/list.ts', 'features/list.ts', 'tokens/list.ts', 'mirrors/list.ts', 'branches/list.ts']))
  })

  it.each(declaring.map(f => [relative(root, f), f]))('%s: every default column starts with a declared field', async (_name, file) => {
    const {default: command} = (await import(file)) as {default: {fields?: readonly string[]; columns?: readonly string[]}}
    expect(command.fields?.length).toBeGreaterThan(0)
    for (const column of command.columns ?? []) expect(command.fields).toContain(column.split('.')[0])
  })
})

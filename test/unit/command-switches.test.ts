// A command that declares its own --sort (an API input) in place of the shared flag, or waits for a job
// (--wait-timeout, where a lone --timeout keeps its old meaning of the wait's limit), says so by a named
// property (sortIsApiInput, timeoutIsWaitLimit): nothing hangs on a flag's name, and this test finds a
// command that declares one of those flags without saying so.
import {readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'

const root = join(import.meta.dirname, '../../src/commands')
const walk = (dir: string): string[] => readdirSync(dir, {withFileTypes: true}).flatMap(e => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
const files = walk(root).filter(f => f.endsWith('.ts'))

type Switches = {flags?: Record<string, unknown>; sortIsApiInput?: boolean; timeoutIsWaitLimit?: boolean}

describe('switches of commands', () => {
  it.each(files.map(f => [relative(root, f), f]))('%s: a redefined --sort, or a --wait-timeout, is declared by name', async (_name, file) => {
    const {default: command} = (await import(file)) as {default: Switches}
    const own = command.flags ?? {}
    expect(command.sortIsApiInput ?? false).toBe('sort' in own)
    expect(command.timeoutIsWaitLimit ?? false).toBe('wait-timeout' in own)
    expect('timeout' in own).toBe(false)
  })

  it('are set where expected', async () => {
    const {default: list} = (await import(join(root, 'service-accounts/list.ts'))) as {default: Switches}
    const {default: wait} = (await import(join(root, 'mirrors/sync.ts'))) as {default: Switches}
    expect([list.sortIsApiInput, wait.timeoutIsWaitLimit]).toEqual([true, true])
  })
})

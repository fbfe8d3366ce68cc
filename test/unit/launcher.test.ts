// src/core/base/launcher.ts: what bin/run.js provides to the bundle, and the defaults of a bundle loaded
// without it (in the test process, as here). bin/run.js's own launcher is tested by the code-cache tests.
import {afterEach, describe, expect, it} from 'vitest'
import {beforeUndiciRequest, importModule, type Launcher, useLauncher} from '../../src/core/base/launcher.js'

afterEach(() => useLauncher(undefined))

describe('the launcher seam', () => {
  it("imports with the bundle's own import() when no launcher is given, and does nothing before a request", async () => {
    useLauncher(undefined)
    const {stringify} = await importModule<typeof import('yaml')>('yaml')
    expect(stringify({a: 1})).toBe('a: 1\n')
    expect(() => beforeUndiciRequest()).not.toThrow()
  })

  it('goes through the launcher given to execute(): its import(), and its hook once per run', async () => {
    const imported: string[] = []
    let hooks = 0
    const launcher: Launcher = {
      importModule: async specifier => {
        imported.push(specifier)
        return {name: specifier}
      },
      beforeUndiciRequest: () => void hooks++,
    }
    useLauncher(launcher)
    expect(await importModule<{name: string}>('ora')).toEqual({name: 'ora'})
    beforeUndiciRequest()
    beforeUndiciRequest()
    expect({imported, hooks}).toEqual({imported: ['ora'], hooks: 1})
    useLauncher(launcher)
    beforeUndiciRequest()
    expect(hooks).toBe(2)
  })
})

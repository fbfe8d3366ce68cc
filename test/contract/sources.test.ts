// The sandbox is kept faithful by naming what it follows (issue 34): every route the router serves belongs
// to an area of src/sandbox/contract.ts's PLATFORM_SOURCES with at least one platform file (or a reason it
// is the sandbox's own), and the contract tests cite the files their area lists, and only listed ones.
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join, resolve} from 'node:path'
import {describe, expect, it} from 'vitest'
import {PLATFORM_SOURCES} from '../../src/sandbox/contract.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const root = resolve(import.meta.dirname, '../..')
const PLATFORM_FILE = /\b(?:lib|app|ee|spec)\/[\w/.-]+\.rb\b/g

describe('PLATFORM_SOURCES (src/sandbox/contract.ts)', () => {
  it('names at least one platform file for every route the router serves', () => {
    expect(sb.sandbox.routes.length).toBeGreaterThan(100)
    const unnamed = sb.sandbox.routes.filter(route => {
      const area = PLATFORM_SOURCES[route.area]
      return area === undefined || (area.sources.length === 0 && !area.sandboxOnly)
    })
    expect(unnamed.map(route => `${route.method} ${route.pattern} (${route.area})`)).toEqual([])
  })

  it('lists no area that serves nothing, and every source as a path in the platform repository', () => {
    const areas = new Set(sb.sandbox.routes.map(route => route.area))
    expect(Object.keys(PLATFORM_SOURCES).filter(area => !areas.has(area))).toEqual([])
    for (const [area, {sources}] of Object.entries(PLATFORM_SOURCES)) for (const source of sources) expect(source, area).toMatch(/^(lib|app|ee|spec|config|db)\/[\w/.-]+\.rb$/)
  })

  it("has each contract test cite its area's files, and list every platform file a contract test cites", () => {
    const listed = new Set(Object.values(PLATFORM_SOURCES).flatMap(area => area.sources))
    for (const [area, {sources, contractTest}] of Object.entries(PLATFORM_SOURCES)) {
      if (!contractTest) continue
      expect(existsSync(join(root, contractTest)), contractTest).toBe(true)
      const text = readFileSync(join(root, contractTest), 'utf8')
      expect(
        sources.some(source => text.includes(source)),
        `${area}: ${contractTest} cites none of its sources`,
      ).toBe(true)
    }
    const folder = join(root, 'test/contract')
    for (const file of readdirSync(folder).filter(name => name.endsWith('.test.ts'))) {
      const cited = readFileSync(join(folder, file), 'utf8').match(PLATFORM_FILE) ?? []
      expect(
        cited.filter(path => !listed.has(path)),
        file,
      ).toEqual([])
    }
  })
})

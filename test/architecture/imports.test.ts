// The house's imports (issue 38): no circle of files anywhere in src/, and inside src/core no import from
// a lower room to a higher one. A circle makes the order in which modules load matter (a value read
// before its module ran is undefined) and makes a room impossible to understand alone; an arrow back
// up is how the circle starts. Type-only imports count too: they tie the rooms as much.
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {build} from 'esbuild'
import {describe, expect, test} from 'vitest'
import {importSpecifiers} from './import-specifiers.js'

/**
 * The rooms of src/core, from the ground up; a file may import its own room and the rooms before it.
 * docs/ARCHITECTURE.md's tree lists them in this order and says what each holds.
 */
const CORE_ROOMS = ['base', 'terminal', 'answer', 'config', 'http', 'input', 'output', 'transfer', 'lists', 'command'] as const

const root = join(import.meta.dirname, '..', '..')
const walk = (folder: string): string[] => readdirSync(folder).flatMap(name => (statSync(join(folder, name)).isDirectory() ? walk(join(folder, name)) : [join(folder, name)]))
const sources = walk(join(root, 'src'))
  .filter(file => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map(file => relative(root, file))

/** each source file and the source files it imports (relative specifiers: packages are not the house) */
function importGraph(): Map<string, string[]> {
  const known = new Set(sources)
  return new Map(
    sources.map(file => {
      const targets = importSpecifiers(readFileSync(join(root, file), 'utf8'))
        .filter(({specifier}) => specifier.startsWith('.'))
        .map(({specifier}) => join(dirname(file), specifier).replace(/\.js$/, '.ts'))
      const unknown = targets.filter(target => !known.has(target))
      if (unknown.length > 0) throw new Error(`${file} imports what is no source file: ${unknown.join(', ')}`)
      return [file, targets]
    }),
  )
}

/** the room of a file under src/core, or undefined for a file outside it */
function coreRoom(file: string): string | undefined {
  const parts = file.split('/')
  if (parts[0] !== 'src' || parts[1] !== 'core') return undefined
  return parts.length === 3 ? '(src/core itself)' : parts[2]
}

/** `from -> to` for every import inside src/core that runs to a later room, or to a room not in CORE_ROOMS */
function backArrows(graph: Map<string, string[]>): string[] {
  const rank = (room: string) => (CORE_ROOMS as readonly string[]).indexOf(room)
  return [...graph].flatMap(([file, targets]) => {
    const from = coreRoom(file)
    if (from === undefined) return []
    return targets
      .filter(target => {
        const to = coreRoom(target)
        return to !== undefined && to !== from && (rank(from) < 0 || rank(to) < 0 || rank(to) > rank(from))
      })
      .map(target => `${file} -> ${target}`)
  })
}

/**
 * The floors above core, as docs/ARCHITECTURE.md draws them (commands -> topics/state -> api -> core): a
 * file of src/core imports only src/core, and a file of src/api only src/api and src/core.
 */
const FLOORS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['src/core/', ['src/core/']],
  ['src/api/', ['src/api/', 'src/core/']],
]

/** `from -> to` for every import that leaves the floors a file may use */
function floorBreaches(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) => {
    const allowed = FLOORS.find(([floor]) => file.startsWith(floor))?.[1]
    if (allowed === undefined) return []
    return targets.filter(target => !allowed.some(floor => target.startsWith(floor))).map(target => `${file} -> ${target}`)
  })
}

/** the circles of files: each strongly connected set of more than one file (Tarjan's algorithm), sorted */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next++
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) !== index.get(file)) return
    const circle: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      circle.push(member)
    } while (member !== file)
    if (circle.length > 1) found.push(circle.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

describe('the imports of src/', () => {
  const graph = importGraph()

  test('inside src/core, no file imports from a higher room', () => {
    expect(backArrows(graph)).toEqual([])
  })

  test('src/core imports nothing above it, and src/api only core', () => {
    expect(floorBreaches(graph)).toEqual([])
  })

  test('no circle of files', () => {
    expect(circles(graph).map(circle => `${circle.length} files: ${circle.join(' ')}`)).toEqual([])
  })

  test('every folder of src/core is a room in CORE_ROOMS, and no file lies beside them', () => {
    const folders = readdirSync(join(root, 'src/core'))
    expect(folders.sort()).toEqual([...CORE_ROOMS].sort())
  })

  test('the checks find what they look for', () => {
    const sample = new Map([
      ['src/core/base/a.ts', ['src/core/http/b.ts']],
      ['src/core/http/b.ts', ['src/core/base/a.ts', 'src/api/c.ts']],
      ['src/api/c.ts', ['src/core/base/a.ts', 'src/state/d.ts']],
    ])
    expect(backArrows(sample)).toEqual(['src/core/base/a.ts -> src/core/http/b.ts'])
    expect(floorBreaches(sample)).toEqual(['src/core/http/b.ts -> src/api/c.ts', 'src/api/c.ts -> src/state/d.ts'])
    expect(circles(sample)).toEqual([['src/api/c.ts', 'src/core/base/a.ts', 'src/core/http/b.ts']])
  })

  // the reader of specifiers against esbuild's, which parses TypeScript in full: every import that stays
  // in the JavaScript must be among those read here, or the checks above would look at half a house
  test('the specifier reader misses no import esbuild sees', async () => {
    const {metafile} = await build({
      absWorkingDir: root,
      // one entry that imports every source: one bundle, and its metafile lists every file's imports
      stdin: {contents: sources.map(file => `import './${file}'`).join('\n'), resolveDir: root, loader: 'ts'},
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      metafile: true,
      write: false,
      logLevel: 'silent',
    })
    const missed = Object.entries(metafile.inputs)
      .filter(([input]) => input.startsWith('src/'))
      .flatMap(([input, {imports}]) => imports.filter(i => !i.external && i.path.startsWith('src/') && !graph.get(input)?.includes(i.path)).map(i => `${input} -> ${i.path}`))
    expect(missed).toEqual([])
    expect(
      Object.keys(metafile.inputs)
        .filter(input => input.startsWith('src/'))
        .sort(),
    ).toEqual([...sources].sort())
  })

  test('the specifier reader skips comments, strings, templates and regular expressions', () => {
    const text = [
      "// import {a} from './comment.js'",
      "/* export * from './block.js' */",
      'const s = "import {b} from \'./string.js\'"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a template literal, as a file holds it
      "const t = `${x} import {c} from './template.js' ${`${y}`}`",
      "const r = /import {d} from '.\\/regex.js'/",
      "import type {E} from './type-only.js'",
      "import {type F, g} from './mixed.js'",
      "export {h} from './re-export.js'",
      "export * as i from './namespace.js'",
      "import './side-effect.js'",
      "const j = await import('./dynamic.js')",
      'const k = a / b / c',
      "import {l} from './after-division.js'",
    ].join('\n')
    expect(importSpecifiers(text)).toEqual([
      {specifier: './type-only.js', typeOnly: true},
      {specifier: './mixed.js', typeOnly: false},
      {specifier: './re-export.js', typeOnly: false},
      {specifier: './namespace.js', typeOnly: false},
      {specifier: './side-effect.js', typeOnly: false},
      {specifier: './dynamic.js', typeOnly: false},
      {specifier: './after-division.js', typeOnly: false},
    ])
  })
})

// Rewrites oclif.manifest.json, as `oclif manifest` wrote it, into what forgectl reads of it. Every run
// reads and parses the whole manifest (oclif's Config.load), and `oclif manifest` repeats each global
// flag (the CONNECTION and OUTPUT groups, src/core/flag-groups.ts) in full in every command that takes
// it: 1 MB, three quarters of it the same 18 flags over and over, at about 25 ms of each run's start-up.
// A command's help only names its global flags (src/command-help.ts), and `forgectl help` describes each
// once, from the first command in id order that takes it (src/help.ts): that one keeps its full
// definition, every other keeps what its help, completion and usage lines read (name, short form, type,
// values, --no-, hidden, required, group). The file stays oclif's format, one command per line.
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {build} from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const file = join(root, 'oclif.manifest.json')

// the groups whose flags the help treats as global, from the source the help is built from
const {outputFiles} = await build({entryPoints: [join(root, 'src/core/flag-groups.ts')], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'warning'})
const {GLOBAL_GROUPS} = await import(`data:text/javascript,${encodeURIComponent(outputFiles[0].text)}`)
if (!Array.isArray(GLOBAL_GROUPS) || GLOBAL_GROUPS.length === 0) throw new Error('src/core/flag-groups.ts no longer exports GLOBAL_GROUPS: review scripts/trim-manifest.mjs')

/** what a repeated global flag keeps (its help lists it by name; completion and usage lines read the rest) */
const KEPT = ['name', 'char', 'type', 'options', 'allowNo', 'hidden', 'required', 'helpGroup']
/** what it loses: read only by the help that describes a flag, which for a global one is `forgectl help` */
const DROPPED = ['description', 'summary', 'helpValue', 'hasDynamicHelp', 'multiple', 'exclusive']

const manifest = JSON.parse(readFileSync(file, 'utf8'))
// the order of config.commands, in which src/help.ts picks each global flag's description (code points:
// scripts/build.mjs has oclif sort ids so)
const ids = Object.keys(manifest.commands).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
const described = new Set()
for (const id of ids) {
  const flags = manifest.commands[id].flags ?? {}
  for (const [name, flag] of Object.entries(flags)) {
    if (!GLOBAL_GROUPS.includes(flag.helpGroup)) continue
    if (!described.has(name)) {
      described.add(name)
      continue
    }
    const unknown = Object.keys(flag).filter(key => !KEPT.includes(key) && !DROPPED.includes(key))
    if (unknown.length > 0) throw new Error(`global flag --${name} of ${id} has ${unknown.join(', ')}: decide in scripts/trim-manifest.mjs whether a repeated global flag keeps it`)
    // false is what a missing allowNo, hidden or required means to every reader
    flags[name] = Object.fromEntries(KEPT.filter(key => flag[key] !== undefined && flag[key] !== false).map(key => [key, flag[key]]))
  }
}

const {commands, ...rest} = manifest
const lines = Object.entries(commands).map(([id, command]) => `${JSON.stringify(id)}:${JSON.stringify(command)}`)
writeFileSync(file, `{"commands":{\n${lines.join(',\n')}\n},${JSON.stringify(rest).slice(1)}\n`)

// Rewrites oclif.manifest.json, as `oclif manifest` wrote it, with each global flag written once. Every
// run reads and parses the whole manifest (oclif's Config.load), and `oclif manifest` repeats each
// global flag (the CONNECTION and OUTPUT groups, src/core/flag-groups.ts) in full in every command that
// takes it: 1 MB, three quarters of it the same 18 flags over and over. Only help and completion read a
// command's flags from the manifest, and they take them through src/core/global-flags.ts:
// - the manifest's `globalFlags`: each global flag's definition, from the first command in id order that
//   takes it, in the order `forgectl help` lists them (src/help.ts);
// - a command's `globalFlags` and `hiddenGlobalFlags`: the names of the global flags it takes, in the
//   order it declares them, and of those it hides; its `flags` are its own.
// A command whose global flag differs from that definition in what its help or completion shows fails
// the build: it would be shown as the others are. The file stays JSON that oclif reads (it ignores the
// added keys), one command per line, so that a diff still shows which commands changed.
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {isDeepStrictEqual} from 'node:util'
import {build} from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const file = join(root, 'oclif.manifest.json')

// the groups whose flags the help treats as global, from the source the help is built from
const {outputFiles} = await build({entryPoints: [join(root, 'src/core/flag-groups.ts')], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'warning'})
const {GLOBAL_GROUPS} = await import(`data:text/javascript,${encodeURIComponent(outputFiles[0].text)}`)
if (!Array.isArray(GLOBAL_GROUPS) || GLOBAL_GROUPS.length === 0) throw new Error('src/core/flag-groups.ts no longer exports GLOBAL_GROUPS: review scripts/trim-manifest.mjs')

/** what a command's help (its GLOBAL FLAGS names), completion and usage line read of a global flag */
const SHOWN = ['name', 'char', 'type', 'options', 'allowNo', 'required', 'helpGroup']
const shown = flag => Object.fromEntries(SHOWN.filter(key => flag[key] !== undefined && flag[key] !== false).map(key => [key, flag[key]]))

const manifest = JSON.parse(readFileSync(file, 'utf8'))
if (manifest.globalFlags) throw new Error('oclif.manifest.json is trimmed already: run `oclif manifest` first')
// the order of config.commands, in which `forgectl help` met each global flag first (code points:
// scripts/build.mjs has oclif sort ids so)
const ids = Object.keys(manifest.commands).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
const definitions = {}
/** global flag name -> the command its definition comes from */
const definedBy = {}
for (const id of ids) {
  const command = manifest.commands[id]
  const own = {}
  const names = []
  const hidden = []
  for (const [name, flag] of Object.entries(command.flags ?? {})) {
    if (!GLOBAL_GROUPS.includes(flag.helpGroup)) {
      own[name] = flag
      continue
    }
    if (!definitions[name]) {
      definitions[name] = flag
      definedBy[name] = id
    }
    if (!isDeepStrictEqual(shown(flag), shown(definitions[name])))
      throw new Error(`--${name} of ${id} is not the global --${name} of ${definedBy[name]}: give it another name or group, or review scripts/trim-manifest.mjs`)
    names.push(name)
    if (flag.hidden) hidden.push(name)
  }
  command.flags = own
  if (names.length > 0) command.globalFlags = names
  if (hidden.length > 0) command.hiddenGlobalFlags = hidden
}

const {commands, ...rest} = manifest
const lines = Object.entries(commands).map(([id, command]) => `${JSON.stringify(id)}:${JSON.stringify(command)}`)
writeFileSync(file, `{"commands":{\n${lines.join(',\n')}\n},\n"globalFlags":${JSON.stringify(definitions)},\n${JSON.stringify(rest).slice(1)}\n`)

// Splits oclif.manifest.json, as `oclif manifest` wrote it, into what every run reads and what only help
// and completion read. oclif's Config.load reads and parses the whole manifest on each run; a run that
// shows no help and completes no word uses none of a command's flags, description or examples, and
// `oclif manifest` repeats each global flag (the CONNECTION and OUTPUT groups, src/core/input/flag-groups.ts)
// in full in every command that takes it: 1 MB, of which a one-request command needs 50 KB.
// - oclif.manifest.json keeps each command without its flags, description, examples and the base's
//   switches that only the loaded class is asked for (a command without a summary keeps its
//   description, which oclif lists it by), and with the names of the global
//   flags it takes, in the order it declares them, and of those it hides (globalFlags, hiddenGlobalFlags).
// - oclif.help.json has, per command, its description, examples and own flags, and each global flag's
//   definition once (globalFlags), from the first command in id order that takes it, in the order
//   `forgectl help` lists them (src/help/root-help.ts).
// Help and completion put a command together again through src/core/command/help-data.ts. A command whose global
// flag differs from that definition in what its help or completion shows fails the build: it would be
// shown as the others are. Both files are JSON, one command per line, so that a diff still shows which
// commands changed; oclif reads the manifest as its own (it ignores the added keys).
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {isDeepStrictEqual} from 'node:util'
import {build} from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const file = join(root, 'oclif.manifest.json')
const helpFile = join(root, 'oclif.help.json')

// the groups whose flags the help treats as global, from the source the help is built from
const {outputFiles} = await build({entryPoints: [join(root, 'src/core/input/flag-groups.ts')], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'warning'})
const {GLOBAL_GROUPS} = await import(`data:text/javascript,${encodeURIComponent(outputFiles[0].text)}`)
if (!Array.isArray(GLOBAL_GROUPS) || GLOBAL_GROUPS.length === 0) throw new Error('src/core/input/flag-groups.ts no longer exports GLOBAL_GROUPS: review scripts/trim-manifest.mjs')

/** what a command's help (its GLOBAL FLAGS names), completion and usage line read of a global flag */
const SHOWN = ['name', 'char', 'type', 'options', 'allowNo', 'required', 'helpGroup']
const shown = flag => Object.fromEntries(SHOWN.filter(key => flag[key] !== undefined && flag[key] !== false).map(key => [key, flag[key]]))

/** statics of the command base that only the loaded class is asked for (base-command.ts, api-command.ts) */
const CLASS_ONLY = ['sortIsApiInput', 'takesSecret', 'usesStoredToken', 'timeoutIsWaitLimit', 'reportsKeyringFailure']

const manifest = JSON.parse(readFileSync(file, 'utf8'))
if (Object.values(manifest.commands).some(c => c.flags === undefined)) throw new Error('oclif.manifest.json is split already: run `oclif manifest` first')
// the order of config.commands, in which `forgectl help` met each global flag first (code points:
// patches/@oclif+core+<version>/01-plugin-sort-ids-without-icu.patch has oclif sort ids so)
const ids = Object.keys(manifest.commands).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
const definitions = {}
/** command id -> what only its help and completion read */
const help = {}
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
  delete command.flags
  // the command base's switches, read from the loaded class where they act: every run parses the manifest
  for (const key of CLASS_ONLY) delete command[key]
  help[id] = {flags: own}
  for (const key of ['description', 'examples']) {
    if (command[key] === undefined || (key === 'description' && command.summary === undefined)) continue
    help[id][key] = command[key]
    delete command[key]
  }
  if (names.length > 0) command.globalFlags = names
  if (hidden.length > 0) command.hiddenGlobalFlags = hidden
}

/** one entry per line: `{"commands":{` id: entry, ... `}, rest` */
const byLine = (commands, rest) =>
  `{"commands":{\n${Object.entries(commands)
    .map(([id, entry]) => `${JSON.stringify(id)}:${JSON.stringify(entry)}`)
    .join(',\n')}\n},\n${JSON.stringify(rest).slice(1)}\n`
const {commands, ...rest} = manifest
writeFileSync(file, byLine(commands, rest))
writeFileSync(helpFile, byLine(help, {globalFlags: definitions}))

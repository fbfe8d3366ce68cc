// Builds dist/runtime.cjs with esbuild: @oclif/core, forgectl's core and help, and every command in one
// CommonJS file, which bin/run.js loads through V8's code cache (Node 20 has no module compile cache,
// and only a classic script, not an ES module, can take cached data). See "Start-up" in the README.
// Commands stay lazy: the bundle holds a getter per command id, and a command's module is evaluated
// only when that command runs. Heavy libraries used only by some commands stay external and are
// imported lazily where needed.

import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {dirname, join, relative, sep} from 'node:path'
import {build} from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const walk = dir => readdirSync(dir, {withFileTypes: true}).flatMap(e => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
const commandFiles = walk(join(root, 'src/commands')).filter(f => f.endsWith('.ts') && !f.endsWith('.d.ts'))

/** command id → the module that default-exports its class (oclif's ids: path segments joined by ':') */
function commandModules() {
  const ours = commandFiles.map(file => {
    const id = relative(join(root, 'src/commands'), file).replace(/\.ts$/, '').split(sep).join(':')
    return [id, `./${relative(join(root, 'src'), file)}`, 'default']
  })
  // oclif's help command, bundled rather than loaded as a plugin: each plugin oclif loads at start-up
  // costs a package lookup and a manifest read on every run, help or not.
  return [...ours, ['help', '@oclif/plugin-help', 'commands.help']]
}

/** `import {COMMANDS} from 'forgectl:commands'`: a getter per id, requiring its module on first use */
const commandTable = {
  name: 'command-table',
  setup(b) {
    b.onResolve({filter: /^forgectl:commands$/}, () => ({path: 'commands', namespace: 'forgectl'}))
    b.onLoad({filter: /.*/, namespace: 'forgectl'}, () => {
      const getters = commandModules().map(([id, module, name]) => `  get ${JSON.stringify(id)}() { return require(${JSON.stringify(module)}).${name} },`)
      return {contents: `export const COMMANDS = {\n${getters.join('\n')}\n}\n`, resolveDir: join(root, 'src'), loader: 'js'}
    })
  },
}

// ofetch's createFetch without ofetch's entry module, whose top level reads globalThis.Headers: the first
// read of that global loads Node's fetch (undici's JavaScript, WHATWG streams), which forgectl does not
// use (src/core/http/http-transport.ts gives ofetch its fetch and its Headers).
const ofetchCore = {
  name: 'ofetch-core',
  setup(b) {
    b.onResolve({filter: /^forgectl:ofetch-core$/}, () => ({path: 'ofetch-core', namespace: 'ofetch-core'}))
    b.onLoad({filter: /.*/, namespace: 'ofetch-core'}, () => {
      const entry = join(root, 'node_modules/ofetch/dist/index.mjs')
      const found = /import \{ (\w+) as createFetch \} from '(\.\/shared\/[\w.-]+\.mjs)';/.exec(readFileSync(entry, 'utf8'))
      if (!found) throw new Error(`${entry} no longer imports createFetch from a shared chunk: review scripts/build.mjs`)
      return {contents: `export {${found[1]} as createFetch} from ${JSON.stringify(join(dirname(entry), found[2]))}\n`, resolveDir: root, loader: 'js'}
    })
  },
}

// Edits of @oclif/core's source, each checked so that an update that moves the code fails the build.
// All edits of one file go through one loader: esbuild uses the first onLoad that answers for a file,
// so two plugins on the same file would silently drop the second's edit (tinyglobby's deferral did).
/** @type {{file: RegExp, edit: (source: string, path: string) => string}[]} */
const EDITS = []

// The first String#localeCompare of a process loads ICU's collation data: 7 ms of every start-up, spent
// by oclif to sort command ids. Our ids are lower-case ASCII, where code-point order is the same order.
const PLUGIN_SORT = 'a.id.localeCompare(b.id)'
EDITS.push({
  file: /@oclif[/\\]core[/\\]lib[/\\]config[/\\]plugin\.js$/,
  edit(source, path) {
    if (!source.includes(PLUGIN_SORT)) throw new Error(`${path} no longer sorts with ${PLUGIN_SORT}: review scripts/build.mjs`)
    return source.replace(PLUGIN_SORT, '(a.id < b.id ? -1 : a.id > b.id ? 1 : 0)')
  },
})

// Command.run() hands its Config to Config.load(), which builds and loads a second one from it (for a
// command compiled against another @oclif/core): every manifest entry, topic and id permutation again,
// about 5 ms between the command's load and its init. With one @oclif/core in the bundle, the config
// oclif already loaded is it.
const RELOAD = 'if (isConfig(opts)) {'
EDITS.push({
  file: /@oclif[/\\]core[/\\]lib[/\\]config[/\\]config\.js$/,
  edit(source, path) {
    if (source.split(RELOAD).length !== 2 || !source.includes('const BASE = ')) throw new Error(`${path} no longer reloads a Config with ${RELOAD}: review scripts/build.mjs`)
    return source.replace(RELOAD, `if (isConfig(opts) && opts._base === BASE) return opts;\n        ${RELOAD}`)
  },
})

// Config.load() asks whether it runs under WSL through wsl-utils, whose top level also loads
// powershell-utils and node:child_process: is-wsl, which wsl-utils re-exports as isWsl, answers alone.
// child_process itself is needed only to find a Windows shell: required then.
const WSL = "(await import('wsl-utils')).isWsl ? 'wsl'"
EDITS.push({
  file: /@oclif[/\\]core[/\\]lib[/\\]util[/\\]os\.js$/,
  edit(source, path) {
    if (source.split(WSL).length !== 2) throw new Error(`${path} no longer asks wsl-utils for isWsl: review scripts/build.mjs`)
    return source.replace(WSL, "(await import('is-wsl')).default ? 'wsl'")
  },
})

// oclif reads package.json, the manifest and its settings files with fs/promises: an open, a stat, reads
// and a close, each a round trip through libuv's thread pool, which the first one also starts. Nothing
// runs meanwhile (oclif awaits each read in turn): the same read without the round trips.
const READ_JSON = "const contents = await (0, promises_1.readFile)(path, 'utf8');"
EDITS.push({
  file: /@oclif[/\\]core[/\\]lib[/\\]util[/\\]fs\.js$/,
  edit(source, path) {
    if (source.split(READ_JSON).length !== 2) throw new Error(`${path} no longer reads JSON with ${READ_JSON}: review scripts/build.mjs`)
    return source.replace(READ_JSON, "const contents = (0, node_fs_1.readFileSync)(path, 'utf8');")
  },
})

// @oclif/core requires at start-up, in every run, packages that most runs never use: ejs renders the
// templates of help texts, tinyglobby looks for command files (ours are listed: never), and debug
// prints nothing unless DEBUG is set. About 10 ms of a one-request command: each is required on first
// use instead, and debug not at all without DEBUG (oclif only calls the loggers it makes).
const DEFERRED = [
  {file: /@oclif[/\\]core[/\\]lib[/\\]help[/\\]util\.js$/, name: 'ejs_1', statement: 'const ejs_1 = __importDefault(require("ejs"));'},
  {file: /@oclif[/\\]core[/\\]lib[/\\]config[/\\]plugin\.js$/, name: 'tinyglobby_1', statement: 'const tinyglobby_1 = require("tinyglobby");'},
  {file: /@oclif[/\\]core[/\\]lib[/\\]util[/\\]os\.js$/, name: 'node_child_process_1', statement: 'const node_child_process_1 = require("node:child_process");'},
  {
    file: /@oclif[/\\]core[/\\]lib[/\\]logger\.js$/,
    name: 'debug_1',
    statement: 'const debug_1 = __importDefault(require("debug"));',
    unless: '{default: () => () => undefined}',
    when: 'process.env.DEBUG',
  },
]
for (const {file, name, statement, unless, when} of DEFERRED) {
  EDITS.push({
    file,
    edit(source, path) {
      if (source.split(statement).length !== 2) throw new Error(`${path} no longer has ${statement}: review scripts/build.mjs`)
      const load = statement.slice(statement.indexOf('=') + 1, -1).trim()
      const loaded = unless ? `(${when} ? ${load} : ${unless})` : load
      return source.replace(statement, `var ${name}_loaded; function ${name}_get() { return ${name}_loaded ??= ${loaded} }`).replaceAll(`${name}.`, `${name}_get().`)
    },
  })
}

const oclifEdits = {
  name: 'oclif-edits',
  setup(b) {
    b.onLoad({filter: /@oclif[/\\]core[/\\]lib[/\\].*\.js$/}, ({path}) => {
      const edits = EDITS.filter(e => e.file.test(path))
      if (edits.length === 0) return undefined
      return {contents: edits.reduce((source, e) => e.edit(source, path), readFileSync(path, 'utf8')), loader: 'js'}
    })
  },
}

for (const dir of ['dist', 'dist-sandbox']) rmSync(join(root, dir), {recursive: true, force: true})
const {metafile} = await build({
  absWorkingDir: root,
  metafile: true,
  entryPoints: ['src/runtime.ts'],
  outfile: 'dist/runtime.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  plugins: [commandTable, ofetchCore, oclifEdits],
  // Loaded on demand through importModule() (src/core/command/launcher.ts), never bundled; listed so that one
  // imported by mistake stays outside the bundle too (a literal import() of one fails the check below).
  external: ['conf', '@inquirer/prompts', 'ora', 'undici', 'yaml', 'cli-table3', 'jq-web'],
  logLevel: 'warning',
})

// bin/run.js reads the bundle as latin1, a one-byte string that costs a copy (utf8 costs a decode, and
// a single non-ASCII character makes all 1.2 MB a two-byte string): the bundle must be ASCII. esbuild
// escapes non-ASCII text but leaves some in regular expressions, where \uXXXX means the same.
const bundleFile = join(root, 'dist/runtime.cjs')
const bundled = readFileSync(bundleFile, 'utf8').replace(/[\u0080-\uffff]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
// bin/run.js compiles the file as it reads it: a wrapper added there makes V8 copy the whole source into
// one string before compiling, 12 ms of each start-up (measured with performance.now() around the
// compile, medians of 12). The file is its own CommonJS wrapper instead, on the first line so that line
// numbers match: as a classic script (bin/run.js) its value is the module function, to be called with
// the module's exports, require, module, __filename and __dirname; required as a module (Node adds its
// own wrapper, and calls it with `this` the module's exports), it calls that function itself. `this`, not
// only `module`: `node -e` and the REPL have a global `module`.
const header =
  "(function (load) { return typeof module === 'object' && this === module.exports ? load(exports, require, module, __filename, __dirname) : load }).call(this, function (exports, require, module, __filename, __dirname) {"
writeFileSync(bundleFile, `${header}${bundled}\n})\n`)

// An import() of an external package fails when bin/run.js runs the bundle (see src/core/command/launcher.ts),
// and only at the moment it runs: refuse to build one.
const unlent = Object.entries(metafile.inputs).flatMap(([input, {imports}]) => imports.filter(i => i.kind === 'dynamic-import' && i.external).map(i => `${input}: import('${i.path}')`))
if (unlent.length > 0) throw new Error(`use importModule() from src/core/command/launcher.ts for:\n  ${unlent.join('\n  ')}`)

// @oclif/core's main module checks the Node version with semver on load (5 ms, 47 files): forgectl's
// own code imports the parts it uses (@oclif/core/flags, /args, /command, /errors) instead.
const rootImports = Object.entries(metafile.inputs).filter(([input, {imports}]) => input.startsWith('src/') && imports.some(i => i.path === 'node_modules/@oclif/core/lib/index.js'))
if (rootImports.length > 0) throw new Error(`import from @oclif/core/<part>, not '@oclif/core', in:\n  ${rootImports.map(([input]) => input).join('\n  ')}`)

// src/api returns data and declares inputs: what a person reads (notes, printed records, prompts,
// spinners) is worded by the commands and src/topics, so nothing under src/api reaches oclif, the
// output or the terminal. A type-only import leaves nothing in the bundle, and is not seen here.
const SPEAKS = [/^node_modules\/@oclif\//, /^src\/core\/output\//, /^src\/core\/terminal\//]
const speaking = Object.entries(metafile.inputs)
  .filter(([input]) => input.startsWith('src/api/'))
  .flatMap(([input, {imports}]) => imports.filter(i => SPEAKS.some(pattern => pattern.test(i.path))).map(i => `${input}: ${i.original ?? i.path}`))
if (speaking.length > 0) throw new Error(`src/api returns data: move the wording or printing to the command or src/topics:\n  ${speaking.join('\n  ')}`)

// One seam to the process (src/core/output/io.ts, as the GitHub CLI's IOStreams): everything forgectl
// writes goes through the run's streams, which a test hands in as buffers, and it reads its standard
// input and environment there too; a use of the process's own would escape it. Comments may name them.
// The sandbox is a program of its own: only its writes are held to the rule.
const PROCESS_STREAM = /\bprocess\.std(out|err)\b/
const PROCESS_INPUT = /\bprocess\.(stdin|env)\b/
const straight = walk(join(root, 'src'))
  .filter(file => file.endsWith('.ts') && relative(root, file) !== join('src', 'core', 'output', 'io.ts'))
  .flatMap(file =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => [file, i + 1, line]),
  )
  .filter(([file, , line]) => (PROCESS_STREAM.test(line) || (PROCESS_INPUT.test(line) && !relative(root, file).startsWith(join('src', 'sandbox')))) && !/^\s*(\/\/|\*|\/\*)/.test(line))
  .map(([file, number]) => `${relative(root, file)}:${number}`)
if (straight.length > 0) throw new Error(`write through io() (src/core/output/io.ts), not process.stdout, stderr, stdin or env:\n  ${straight.join('\n  ')}`)

// The sandbox (src/sandbox/, compiled by tsc to dist/sandbox/) is the other side of the wire: the CLI
// loads it at run time only for `forgectl sandbox` (src/core/sandbox-launch.ts), so that other commands
// never pay for it, and the sandbox never uses the CLI's code, so that it can disagree with it.
const inBundle = Object.keys(metafile.inputs).filter(input => input.startsWith('src/sandbox/'))
if (inBundle.length > 0) throw new Error(`the CLI bundle must not include the sandbox (load it with loadSandbox()):\n  ${inBundle.join('\n  ')}`)
const sandboxFiles = walk(join(root, 'src/sandbox')).filter(f => f.endsWith('.ts') && !f.endsWith('.d.ts'))
const {metafile: sandboxMeta} = await build({
  absWorkingDir: root,
  metafile: true,
  write: false,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  entryPoints: sandboxFiles,
  outdir: 'dist-sandbox-check',
  logLevel: 'warning',
})
const borrowed = Object.entries(sandboxMeta.inputs)
  .filter(([input]) => input.startsWith('src/sandbox/'))
  .flatMap(([input, {imports}]) => imports.filter(i => !i.external && !i.path.startsWith('src/sandbox/')).map(i => `${input}: ${i.original ?? i.path}`))
if (borrowed.length > 0) throw new Error(`the sandbox must not import the CLI's code (src/core, src/api, src/commands):\n  ${borrowed.join('\n  ')}`)

// Builds dist/runtime.cjs with esbuild: @oclif/core, forgectl's core and help, and every command in one
// CommonJS file, which bin/run.js loads through V8's code cache (Node 20 has no module compile cache,
// and only a classic script, not an ES module, can take cached data). See "Start-up" in docs/ARCHITECTURE.md.
// Commands stay lazy: the bundle holds a getter per command id, and a command's module is evaluated
// only when that command runs. Heavy libraries used only by some commands stay external and are
// imported lazily where needed.

import {readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join, relative, sep} from 'node:path'
import {build} from 'esbuild'
import {patchedFiles} from './patches.mjs'

const root = new URL('..', import.meta.url).pathname
const walk = dir => readdirSync(dir, {withFileTypes: true}).flatMap(e => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
const commandFiles = walk(join(root, 'src/commands')).filter(f => f.endsWith('.ts') && !f.endsWith('.d.ts'))

/** command id → the module that default-exports its class (oclif's ids: path segments joined by ':') */
function commandModules() {
  const ours = commandFiles.map(file => {
    const id = relative(join(root, 'src/commands'), file).replace(/\.ts$/, '').split(sep).join(':')
    return [id, `./${relative(join(root, 'src'), file)}`, 'default']
  })
  // the help command is src/commands/help.ts (@oclif/plugin-help's, with forgectl's words for its
  // command line's mistakes), bundled rather than loaded as a plugin: each plugin oclif loads at start-up
  // costs a package lookup and a manifest read on every run, help or not.
  return ours
}

/** `import {COMMANDS} from 'forgectl:commands'`: a getter per id, requiring its module on first use */
const commandTable = {
  name: 'command-table',
  setup(b) {
    b.onResolve({filter: /^forgectl:commands$/}, () => ({path: 'commands', namespace: 'forgectl'}))
    b.onLoad({filter: /.*/, namespace: 'forgectl'}, () => {
      // every command passes withEverydayAliases (src/core/command/everyday-aliases.ts): `ls` and `rm` beside `list` and `delete`
      const getters = commandModules().map(([id, module, name]) => `  get ${JSON.stringify(id)}() { return withEverydayAliases(${JSON.stringify(id)}, require(${JSON.stringify(module)}).${name}) },`)
      const contents = `import {withEverydayAliases} from './core/command/everyday-aliases.ts'\nexport const COMMANDS = {\n${getters.join('\n')}\n}\n`
      return {contents, resolveDir: join(root, 'src'), loader: 'js'}
    })
  },
}

// @oclif/core's compiled code as the reviewable patches in patches/@oclif+core+<version>/ leave it, each
// with why it exists (start-up time, measured); scripts/patches.mjs applies them, and fails the build
// naming the patch when one no longer applies. All patches of one file go through one loader: esbuild
// uses the first onLoad that answers for a file.
const patched = patchedFiles(root, '@oclif/core')
const bundledPatched = new Set()
const oclifPatches = {
  name: 'oclif-patches',
  setup(b) {
    b.onLoad({filter: /@oclif[/\\]core[/\\]lib[/\\].*\.js$/}, ({path}) => {
      const file = patched.get(path)
      if (!file) return undefined
      bundledPatched.add(path)
      return {contents: file.contents, loader: 'js'}
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
  plugins: [commandTable, oclifPatches],
  // Loaded on demand through importModule() (src/core/base/launcher.ts), never bundled; listed so that one
  // imported by mistake stays outside the bundle too (a literal import() of one fails the check below).
  external: ['conf', '@inquirer/prompts', 'ora', 'undici', 'yaml', 'js-yaml', 'cli-table3', 'jq-web', '@napi-rs/keyring'],
  // dist/runtime.cjs.map, which bin/run.js has Node apply to stack traces when FORGECTL_DEBUG is set, so
  // that they name src/ files and lines. Without the sources' text: a trace needs only the positions.
  sourcemap: 'external',
  sourcesContent: false,
  logLevel: 'warning',
})

// A patch of a file the bundle no longer includes (or reaches by another path) would do nothing, silently.
const unused = [...patched].filter(([path]) => !bundledPatched.has(path)).flatMap(([, {patches}]) => patches)
if (unused.length > 0) throw new Error(`patched files the bundle did not load, so these patches did nothing:\n  ${unused.join('\n  ')}`)

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
// The wrapper moves nothing the source map knows of: the bundle's first line (esbuild's "use strict")
// maps to no source.
if (!JSON.parse(readFileSync(`${bundleFile}.map`, 'utf8')).mappings.startsWith(';')) throw new Error('the first line of dist/runtime.cjs maps to a source: the wrapper would shift it')
writeFileSync(bundleFile, `${header}${bundled}\n})\n//# sourceMappingURL=runtime.cjs.map\n`)

// An import() of an external package fails when bin/run.js runs the bundle (see src/core/base/launcher.ts),
// and only at the moment it runs: refuse to build one.
const unlent = Object.entries(metafile.inputs).flatMap(([input, {imports}]) => imports.filter(i => i.kind === 'dynamic-import' && i.external).map(i => `${input}: import('${i.path}')`))
if (unlent.length > 0) throw new Error(`use importModule() from src/core/base/launcher.ts for:\n  ${unlent.join('\n  ')}`)

// @oclif/core's main module checks the Node version with semver on load (5 ms, 47 files): forgectl's
// own code imports the parts it uses (@oclif/core/flags, /args, /command, /errors) instead.
const rootImports = Object.entries(metafile.inputs).filter(([input, {imports}]) => input.startsWith('src/') && imports.some(i => i.path === 'node_modules/@oclif/core/lib/index.js'))
if (rootImports.length > 0) throw new Error(`import from @oclif/core/<part>, not '@oclif/core', in:\n  ${rootImports.map(([input]) => input).join('\n  ')}`)

// src/api returns data and declares inputs: what a person reads (notes, printed records, prompts,
// spinners) is worded by the commands and src/topics, so nothing under src/api reaches oclif, the
// output or the terminal. A type-only import leaves nothing in the bundle, and is not seen here.
const SPEAKS = [/^node_modules\/@oclif\//, /^src\/core\/output\//, /^src\/core\/terminal\//, /^src\/core\/base\/(io|notes|escape)\.ts$/]
const speaking = Object.entries(metafile.inputs)
  .filter(([input]) => input.startsWith('src/api/'))
  .flatMap(([input, {imports}]) => imports.filter(i => SPEAKS.some(pattern => pattern.test(i.path))).map(i => `${input}: ${i.original ?? i.path}`))
if (speaking.length > 0) throw new Error(`src/api returns data: move the wording or printing to the command or src/topics:\n  ${speaking.join('\n  ')}`)

// One seam to the process (src/core/base/io.ts, as the GitHub CLI's IOStreams): everything forgectl
// writes goes through the run's streams, which a test hands in as buffers, and it reads its standard
// input and environment there too; a use of the process's own would escape it. Comments may name them.
// The sandbox is a program of its own: only its writes are held to the rule.
const PROCESS_STREAM = /\bprocess\.std(out|err)\b/
const PROCESS_INPUT = /\bprocess\.(stdin|env)\b/
const straight = walk(join(root, 'src'))
  .filter(file => file.endsWith('.ts') && relative(root, file) !== join('src', 'core', 'base', 'io.ts'))
  .flatMap(file =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => [file, i + 1, line]),
  )
  .filter(([file, , line]) => (PROCESS_STREAM.test(line) || (PROCESS_INPUT.test(line) && !relative(root, file).startsWith(join('src', 'sandbox')))) && !/^\s*(\/\/|\*|\/\*)/.test(line))
  .map(([file, number]) => `${relative(root, file)}:${number}`)
if (straight.length > 0) throw new Error(`write through the run's IO (src/core/base/io.ts: this.io in a command), not process.stdout, stderr, stdin or env:\n  ${straight.join('\n  ')}`)

// The run's IO is handed in (issue 38): a command reads it from its config (ioOf), and passes it to what
// it calls. The process's own IO is named only where a run's cannot reach: a signal's handler belongs to
// the process (interrupt.ts). Anywhere else, PROCESS_IO would write past a test's buffers, or mix two runs.
const processIO = walk(join(root, 'src'))
  .filter(file => file.endsWith('.ts') && ![join('src', 'core', 'base', 'io.ts'), join('src', 'core', 'terminal', 'interrupt.ts')].includes(relative(root, file)))
  .filter(file => /\bPROCESS_IO\b/.test(readFileSync(file, 'utf8')))
  .map(file => relative(root, file))
if (processIO.length > 0) throw new Error(`take the run's IO as a parameter (this.io in a command), not the process's (PROCESS_IO):\n  ${processIO.join('\n  ')}`)

// Every command prints through the printer (src/core/output/output.ts): its records in the format asked
// for, or its own text (Printer.text), so that a format, --jq and a failed write are handled once. Seven
// commands wrote past it (issue 38), and ignored the format asked for.
const PAST_PRINTER = /\b(io|ioOf\([^)]*\)|this\.io)\.stdout\.write\(/
const pastPrinter = walk(join(root, 'src'))
  // io.ts is where the writing is; the help texts (src/help/) are oclif's Help class, not a command, and every --help would load the printer for them
  .filter(
    file =>
      file.endsWith('.ts')
      && relative(root, file) !== join('src', 'core', 'base', 'io.ts')
      && !['output', 'sandbox', 'help'].some(room => relative(root, file).startsWith(join('src', room === 'output' ? join('core', 'output') : room))),
  )
  .flatMap(file =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => [file, i + 1, line]),
  )
  .filter(([, , line]) => PAST_PRINTER.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line))
  .map(([file, number]) => `${relative(root, file)}:${number}`)
if (pastPrinter.length > 0) throw new Error(`print through the printer (Printer.record, list or text), not stdout:\n  ${pastPrinter.join('\n  ')}`)

// The sandbox (src/sandbox/, compiled by tsc to dist/sandbox/) is the other side of the wire: the CLI
// loads it at run time only for `forgectl sandbox` (src/topics/sandbox.ts, which imports only the types
// of the sandbox's contract, src/sandbox/contract.ts), so that other commands never pay for it, and the
// sandbox never uses the CLI's code, so that it can disagree with it.
const inBundle = Object.keys(metafile.inputs).filter(input => input.startsWith('src/sandbox/'))
if (inBundle.length > 0) throw new Error(`the CLI bundle must not include the sandbox (load it with loadSandbox(), src/topics/sandbox.ts):\n  ${inBundle.join('\n  ')}`)
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

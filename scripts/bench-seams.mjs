// `node scripts/bench-seams.mjs [runs]` after `npm run build`: what each thing bin/run.js does for the
// bundle gains, measured against copies of the install whose bin/run.js goes without it. Not a test:
// it prints medians of interleaved runs (21 by default) beside `node -e 0`, elapsed and CPU time (all
// threads, from process.cpuUsage() at exit, steadier on a busy machine), and asserts nothing.
//   liftoff:  the launcher's beforeUndiciRequest sets --liftoff-only (proxied requests only) (src/core/base/launcher.ts), vs not
//   cache:    the bundle compiled with V8's code cache, vs without (and writing nothing)
//   writing:  a run that finds no cache and writes one at exit, vs one that writes nothing
// The lent import() is not here: without it a run that loads a package on demand fails.
import {execFileSync, spawn} from 'node:child_process'
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {startSandbox} from '../dist/sandbox/server.js'

const root = new URL('..', import.meta.url).pathname
const n = Number(process.argv[2] ?? 21)
const work = mkdtempSync(join(tmpdir(), 'forgectl-seams-'))
const sandbox = await startSandbox({seedLabels: 20})
const env = {PATH: process.env.PATH, FORGECTL_HOST: sandbox.url, FORGECTL_TOKEN: sandbox.tokens.admin, FORGECTL_CONFIG_DIR: work}
const writeLog = join(work, 'write-ms.log')
// CPU time of each run (all its threads), less disturbed than elapsed time by other work on the machine.
// Read at the first 'exit' listener: without what bin/run.js does at exit (writing the cache), so the
// cost of a write is timed inside bin/run.js instead.
const cpuLog = join(work, 'cpu-ms.log')
const cpuProbe = join(work, 'cpu-probe.cjs')
writeFileSync(cpuProbe, `process.once('exit', () => { const {user, system} = process.cpuUsage(); require('node:fs').writeFileSync(${JSON.stringify(cpuLog)}, String((user + system) / 1000)) })\n`)

/** `source` with `from` replaced; refuses a bin/run.js that no longer has it */
function edit(source, from, to) {
  if (!source.includes(from)) throw new Error(`bin/run.js no longer has ${JSON.stringify(from)}: review scripts/bench-seams.mjs`)
  return source.replace(from, to)
}
const variants = {
  launcher: source => source,
  noLiftoff: source => edit(source, "    require('node:v8').setFlagsFromString('--liftoff-only')\n", ''),
  uncached: source => edit(edit(source, 'const cachedData = readCache()', 'const cachedData = undefined'), 'let cacheWanted = ', 'let cacheWanted = false && '),
  writing: source =>
    edit(
      edit(
        edit(source, "const vm = require('node:vm')\n", "const vm = require('node:vm')\nconst {appendFileSync} = require('node:fs')\n"),
        'const cachedData = readCache()',
        'const cachedData = undefined',
      ),
      '  writeCache(script)\n',
      `  const started = process.hrtime.bigint()\n  writeCache(script)\n  appendFileSync(${JSON.stringify(writeLog)}, \`\${Number(process.hrtime.bigint() - started) / 1e6}\\n\`)\n`,
    ),
}

/** a copy of the installed files with its own bin/run.js, its cache written as the build does */
function install(name, change) {
  const dir = join(work, name)
  mkdirSync(join(dir, 'bin'), {recursive: true})
  mkdirSync(join(dir, 'dist'))
  writeFileSync(join(dir, 'bin/run.js'), change(readFileSync(join(root, 'bin/run.js'), 'utf8')))
  for (const file of ['dist/runtime.cjs', 'package.json', 'bin/package.json', 'oclif.manifest.json', 'oclif.help.json']) copyFileSync(join(root, file), join(dir, file))
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  const bin = join(dir, 'bin/run.js')
  const offline = {...env, FORGECTL_HOST: 'http://127.0.0.1:9'}
  execFileSync(process.execPath, [bin, 'labels', 'list', '--help'], {env: offline, stdio: 'ignore'})
  execFileSync(process.execPath, [bin, 'labels', 'get', 'bug', '-p', 'group/project', '--dry-run'], {env: {...offline, FORGECTL_CODE_CACHE: 'refresh'}, stdio: 'ignore'})
  return bin
}

/** elapsed and CPU ms of `node args` */
function run(args) {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, ['-r', cpuProbe, ...args], {env, stdio: ['ignore', 'ignore', 'pipe']})
    let stderr = ''
    child.stderr.on('data', d => (stderr += d))
    child.on('close', code => (code === 0 ? done({ms: Number(process.hrtime.bigint() - started) / 1e6, cpu: Number(readFileSync(cpuLog, 'utf8'))}) : fail(new Error(`${args.join(' ')}: ${stderr}`))))
  })
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const cases = {help: ['labels', 'list', '--help'], dryRun: ['labels', 'get', 'bug', '-p', '20', '--dry-run'], get: ['labels', 'get', 'bug', '-p', '20', '--json']}
try {
  const bins = Object.fromEntries(Object.entries(variants).map(([name, change]) => [name, install(name, change)]))
  rmSync(writeLog, {force: true})
  const times = {bare: []}
  for (let i = 0; i < n; i++) {
    times.bare.push(await run(['-e', '0']))
    const order = i % 2 ? Object.keys(bins) : Object.keys(bins).reverse()
    for (const [name, args] of Object.entries(cases)) {
      for (const variant of order) (times[`${variant} ${name}`] ??= []).push(await run([bins[variant], ...args]))
    }
  }
  const m = key => median(times[key].map(t => t.ms))
  const cpu = key => median(times[key].map(t => t.cpu))
  const row = (what, ours, without) =>
    console.log(
      `${what}\n  ${m(ours).toFixed(0)} ms with, ${m(without).toFixed(0)} ms without: ${(m(without) - m(ours)).toFixed(0)} ms gained`
        + ` (CPU ${cpu(ours).toFixed(0)} vs ${cpu(without).toFixed(0)} ms: ${(cpu(without) - cpu(ours)).toFixed(0)})`,
    )
  console.log(`medians of ${n} interleaved runs; node -e 0: ${m('bare').toFixed(0)} ms (CPU ${cpu('bare').toFixed(0)} ms)`)
  row('--liftoff-only before the first request through undici (proxied runs only; this direct GET sets no flag, so the row shows noise), labels get --json', 'launcher get', 'noLiftoff get')
  for (const name of Object.keys(cases)) row(`code cache, ${cases[name].join(' ')}`, `launcher ${name}`, `uncached ${name}`)
  for (const name of Object.keys(cases)) {
    console.log(`writing the cache (a run that found none), ${cases[name].join(' ')}\n  ${(m(`writing ${name}`) - m(`uncached ${name}`)).toFixed(0)} ms more than an uncached run that writes nothing`)
  }
  const writes = readFileSync(writeLog, 'utf8').trim().split('\n').map(Number)
  console.log(`createCachedData and the write, in-process: ${median(writes).toFixed(1)} ms (median of ${writes.length})`)
} finally {
  await sandbox.close()
  rmSync(work, {recursive: true, force: true})
}

// `npm run bench`: forgectl's figures beside a baseline measured in the same run, as ratios.
// Not part of `npm test`: timings depend on the machine, so nothing here asserts.
//   1. start-up: `forgectl labels list --help`, and a simple API command, vs `node -e 0` (medians);
//      one GET (`labels get --json`) vs a bare node script sending the same GET with node:http
//   2. --all over 100 pages with 50 ms added latency: concurrent (default) vs one page at a time, the
//      paging as the sandbox saw it and the whole run
//   3. a 1 GiB download: peak memory and throughput, vs curl when present
// At the end, the rows of issue 16's table with this run's figures, as docs/ARCHITECTURE.md ("Benchmarks") shows them.
//   4. bulk: a deploy key added to 200 projects with bounded concurrency vs one request at a time and vs one process per project;
//      and 2,000 label writes against the sandbox's rate limit (600 per 6 s): the time against the limit's floor, and the 429s met
//   5. the test suite's time (`--no-tests` leaves it out)
//   6. `plan` over 1,000 projects with five sections each, 50 ms latency, vs the floor of the same reads one at a time (bench/plan-fleet.mjs)
//   7. the check of a 50,000- and a 100,000-project state file, and its growth (2 is linear), vs the yaml package's bare parse (bench/state-check.mjs)
import {spawn, spawnSync} from 'node:child_process'
import {generateKeyPairSync} from 'node:crypto'
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {startSandbox} from '../dist/sandbox/server.js'
import {FLEET_SECTIONS, planOverFleet} from './plan-fleet.mjs'
import {stateCheckGrowth} from './state-check.mjs'

const bin = resolve(import.meta.dirname, '../bin/run.js')
const work = mkdtempSync(join(tmpdir(), 'forgectl-bench-'))
const quick = process.argv.includes('--quick')
const GiB = 1 << 30

const sandbox = await startSandbox({seedLabels: 2000, seedProjects: 200, jobDelayMs: 100})
const env = {...process.env, FORGECTL_HOST: sandbox.url, FORGECTL_TOKEN: sandbox.tokens.admin, FORGECTL_CONFIG_DIR: work}

function run(command, args, options = {}) {
  return new Promise(done => {
    const started = process.hrtime.bigint()
    const child = spawn(command, args, {env: options.env ?? env, stdio: ['ignore', options.stdout ?? 'ignore', 'pipe']})
    let stderr = ''
    child.stderr.on('data', d => (stderr += d))
    child.on('close', code => done({code, ms: Number(process.hrtime.bigint() - started) / 1e6, stderr}))
  })
}

/** a fresh OpenSSH ed25519 public key line: a 32-byte key inside the wire format `string type, string key` */
function publicKeyLine(comment) {
  const raw = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({format: 'jwk'}).x, 'base64url')
  const field = bytes => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes])
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]).toString('base64')} ${comment}\n`
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const rows = []
const report = (name, ours, baseline, ratio, note) => {
  rows.push({name, ours, baseline, ratio, note})
  console.log(`${name}\n  forgectl: ${ours}\n  baseline: ${baseline}\n  ratio:    ${ratio}${note ? `\n  ${note}` : ''}`)
}
/** issue 16's table: measure, this run's figure, target */
const table = []

// The same GET as `labels get bug -p 20 --json`, with nothing but node:http, printing the body. CommonJS,
// as forgectl's launcher is: the ES module loader would add its own start-up to the baseline.
const bareGet = join(work, 'bare-get.cjs')
writeFileSync(
  bareGet,
  `const {request} = require('node:http')
request(process.env.FORGECTL_HOST + '/api/v4/projects/20/labels/bug', {headers: {'PRIVATE-TOKEN': process.env.FORGECTL_TOKEN}}, res => {
  const chunks = []
  res.on('data', chunk => chunks.push(chunk))
  res.on('end', () => process.stdout.write(Buffer.concat(chunks)))
}).end()
`,
)

/** `command args` under /usr/bin/time: elapsed ms and peak RSS in MB (undefined without /usr/bin/time) */
async function measured(command, args) {
  const hasTime = spawnSync('/usr/bin/time', ['-f', '%M', 'true']).status === 0
  if (!hasTime) return {...(await run(command, args)), peakMb: undefined}
  const result = await run('/usr/bin/time', ['-f', '%M', command, ...args])
  const lines = result.stderr.trim().split('\n')
  return {...result, stderr: lines.slice(0, -1).join('\n'), peakMb: Number(lines.at(-1)) / 1024}
}

try {
  // 1. Start-up, interleaved so that both see the same machine load.
  //    A simple API command too: one GET of a label from the sandbox, and the same command as --dry-run.
  const n = quick ? 7 : 21
  const cases = {
    help: ['labels', 'list', '--help'],
    get: ['labels', 'get', 'bug', '-p', '20', '--json'],
    dryRun: ['labels', 'get', 'bug', '-p', '20', '--dry-run'],
  }
  const times = {bare: [], bareGet: [], help: [], get: [], dryRun: []}
  const failed = new Map()
  for (let i = 0; i < n; i++) {
    times.bare.push((await run(process.execPath, ['-e', '0'])).ms)
    times.bareGet.push((await run(process.execPath, [bareGet])).ms)
    for (const [name, args] of Object.entries(cases)) {
      const result = await run(process.execPath, [bin, ...args])
      times[name].push(result.ms)
      if (result.code !== 0) failed.set(name, result.stderr.trim().split('\n')[0])
    }
  }
  const b = median(times.bare)
  const startUp = (name, what, note) => {
    const c = median(times[name])
    report(`start-up: ${what} vs node -e 0 (median)`, `${c.toFixed(0)} ms`, `${b.toFixed(0)} ms`, `${(c / b).toFixed(2)}x${note}`, failed.has(name) ? `FAILED: ${failed.get(name)}` : '')
  }
  startUp('help', 'labels list --help', ' (target at most 2x)')
  startUp('dryRun', 'labels get --dry-run', '')
  startUp('get', 'labels get (one GET from the sandbox)', '')
  const getRatio = median(times.get) / median(times.bareGet)
  report(
    'one GET: labels get --json vs a bare node:http script sending the same GET (median)',
    `${median(times.get).toFixed(0)} ms`,
    `${median(times.bareGet).toFixed(0)} ms`,
    `${getRatio.toFixed(2)}x (target at most 1.5x)`,
    failed.has('get') ? `FAILED: ${failed.get('get')}` : '',
  )
  table.push([
    'a command that sends one GET (`labels get --json`) vs a bare `node` script sending the same GET with `node:http`',
    `${getRatio.toFixed(2)}× the bare script (${median(times.get).toFixed(0)} vs ${median(times.bareGet).toFixed(0)} ms)`,
    '≤ 1.5×',
  ])
  table.push(['start-up of `labels list --help` vs `node -e 0`', `${(median(times.help) / b).toFixed(2)}× (${median(times.help).toFixed(0)} vs ${b.toFixed(0)} ms)`, '≤ 2×'])

  // 2. --all over 100 pages of 20, each request delayed 50 ms. Two figures per run: the whole process,
  //    whose start-up (about 180 ms here) and exit count in both runs alike, and the paging itself as the
  //    sandbox saw it, from the first request's arrival to the last answer written. The ideal of about
  //    7x (the first page alone, then 99 pages 8 at a time: 14 rounds instead of 100) is the paging's.
  sandbox.store.options.latencyMs = 50
  const list = ['labels', 'list', '-p', 'acme/website', '--all', '--per-page', '20', '--json']
  const listRun = async args => {
    const from = sandbox.requests.length
    const result = await run(process.execPath, [bin, ...args])
    const requests = sandbox.requests.slice(from)
    const paging = Math.max(...requests.map(r => r.answeredAt ?? Number.NaN)) - Math.min(...requests.map(r => r.receivedAt))
    return {...result, paging, requests: requests.length}
  }
  // interleaved, median of five: one pair alone moved by ±10 % between runs
  const pairs = []
  for (let i = 0; i < (quick ? 3 : 5); i++) pairs.push([await listRun(list), await listRun([...list, '--concurrency', '1'])])
  const middle = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const concurrent = {ms: middle(pairs.map(([c]) => c.ms)), paging: middle(pairs.map(([c]) => c.paging))}
  const sequential = {ms: middle(pairs.map(([, one]) => one.ms)), paging: middle(pairs.map(([, one]) => one.paging))}
  sandbox.store.options.latencyMs = 0
  const allRatio = sequential.ms / concurrent.ms
  const pagingRatio = sequential.paging / concurrent.paging
  // 2,000 seeded labels and the project's own few: 101 pages of 20, one request each
  const listFailures = pairs.flat().filter(r => r.code !== 0 || r.requests !== pairs[0][0].requests || r.requests < 100)
  report(
    `--all over ${pairs[0][0].requests} pages, 50 ms latency: concurrent vs one page at a time (medians of ${pairs.length})`,
    `paging ${concurrent.paging.toFixed(0)} ms, whole run ${concurrent.ms.toFixed(0)} ms`,
    `paging ${sequential.paging.toFixed(0)} ms, whole run ${sequential.ms.toFixed(0)} ms`,
    `paging ${pagingRatio.toFixed(1)}x faster (target at least 6x; the ideal at 8-way is about 7x); whole run ${allRatio.toFixed(1)}x`,
    listFailures.length === 0 ? '' : `FAILED: ${listFailures.map(r => `exit ${r.code}, ${r.requests} requests ${r.stderr}`.slice(0, 200)).join('; ')}`,
  )
  table.push([
    '`--all` over 100 pages at 50 ms latency, concurrency 8',
    `${pagingRatio.toFixed(1)}× the page-by-page floor (paging ${concurrent.paging.toFixed(0)} vs ${sequential.paging.toFixed(0)} ms); whole run with start-up ${allRatio.toFixed(1)}× (${concurrent.ms.toFixed(0)} vs ${sequential.ms.toFixed(0)} ms)`,
    '≥ 6× (ideal ≈ 7×)',
  ])

  // 3. A large download, streamed to disk.
  const size = quick ? GiB / 8 : GiB
  const target = join(work, 'blob.bin')
  // Each measured run is timed and its peak memory read; forgectl and curl alternate, best of the rounds.
  const rounds = quick ? 1 : 2
  const hasCurl = spawnSync('curl', ['--version']).status === 0
  let best
  let bestCurl
  let ok = true
  let downloadFailure = ''
  for (let round = 0; round < rounds; round++) {
    const download = await measured(process.execPath, [bin, 'api', 'GET', `/sandbox/blobs/${size}`, '--download', target, '--clobber'])
    if (download.code !== 0) downloadFailure = `FAILED: ${download.stderr.slice(0, 200)}`
    ok &&= download.code === 0 && statSync(target).size === size
    rmSync(target, {force: true})
    if (!best || download.ms < best.ms) best = download
    if (hasCurl) {
      const curl = await measured('curl', ['-sS', '-o', join(work, 'curl.bin'), '-H', `PRIVATE-TOKEN: ${sandbox.tokens.admin}`, `${sandbox.url}/api/v4/sandbox/blobs/${size}`])
      rmSync(join(work, 'curl.bin'), {force: true})
      if (!bestCurl || curl.ms < bestCurl.ms) bestCurl = curl
    }
  }
  const mbps = ms => size / 1e6 / (ms / 1000)
  const peak = best.peakMb === undefined ? 'peak RSS unknown (no /usr/bin/time)' : `${best.peakMb.toFixed(0)} MB peak RSS`
  const throughputRatio = bestCurl ? bestCurl.ms / best.ms : undefined
  report(
    `download of ${size / GiB} GiB: peak memory and throughput`,
    `${peak}, ${mbps(best.ms).toFixed(0)} MB/s${ok ? '' : ' (SIZE MISMATCH)'}`,
    bestCurl ? `curl ${mbps(bestCurl.ms).toFixed(0)} MB/s, ${bestCurl.peakMb?.toFixed(0) ?? '?'} MB peak RSS` : 'curl not found',
    `${throughputRatio === undefined ? 'no curl to compare with' : `throughput ${throughputRatio.toFixed(2)}x curl's`} (target at least 1.0x, peak RSS at most 80 MB)`,
    downloadFailure,
  )
  table.push([
    `${size / GiB} GiB download (\`api --download\`)`,
    `${throughputRatio === undefined ? 'no curl' : `${throughputRatio.toFixed(2)}× \`curl\`'s throughput`} (${mbps(best.ms).toFixed(0)} MB/s), ${best.peakMb?.toFixed(0) ?? '?'} MB peak`,
    '≥ 1.0× `curl`, peak RSS ≤ 80 MB',
  ])

  // 4. Bulk: one deploy key added to 200 projects (one POST per project, issue 37), with
  //    bounded concurrency in one process, vs the same requests one by one, vs one process per project
  //    (what a shell loop would do). Each run adds a key of its own.
  sandbox.store.options.latencyMs = 20
  const items = quick ? 40 : 200
  const projects = Array.from({length: items}, (_, i) => `bench/project-${i + 1}`)
  const keyFile = name => {
    const file = join(work, `${name}.pub`)
    writeFileSync(file, publicKeyLine(name))
    return file
  }
  const addKey = (name, extra = []) => ['deploy-keys', 'add', '--title', name, '--key-file', keyFile(name), ...extra]
  const beforeBulk = sandbox.requests.length
  const bulk = await run(process.execPath, [bin, ...addKey('bulk', ['-p', projects.join(','), '--json'])])
  const bulkRequests = sandbox.requests.length - beforeBulk
  const sequentialBulk = await run(process.execPath, [bin, ...addKey('sequential', ['-p', projects.join(','), '--concurrency', '1', '--json'])])
  const loopKey = addKey('loop')
  let oneByOne = 0
  let loopFailures = 0
  for (const project of projects) {
    const single = await run(process.execPath, [bin, ...loopKey, '-p', project])
    oneByOne += single.ms
    if (single.code !== 0) loopFailures++
  }
  sandbox.store.options.latencyMs = 0
  report(
    `bulk: a deploy key added to ${items} projects (20 ms latency, ${bulkRequests} requests) vs one request at a time, and vs one process per project`,
    `${bulk.ms.toFixed(0)} ms`,
    `${sequentialBulk.ms.toFixed(0)} ms one at a time; ${oneByOne.toFixed(0)} ms as ${items} invocations`,
    `${(sequentialBulk.ms / bulk.ms).toFixed(1)}x and ${(oneByOne / bulk.ms).toFixed(1)}x faster`,
    [bulk, sequentialBulk].every(r => r.code === 0) && loopFailures === 0
      ? ''
      : `FAILED: exit ${bulk.code}/${sequentialBulk.code}, ${loopFailures} loop runs: ${(bulk.stderr + sequentialBulk.stderr).slice(0, 200)}`,
  )
  table.push([
    `a deploy key added to ${items} projects at 20 ms latency, concurrency 8 (issue 37)`,
    `${(sequentialBulk.ms / bulk.ms).toFixed(1)}× one at a time (${(bulk.ms / 1000).toFixed(2)} s, ${bulkRequests} requests)`,
    '≥ 5×',
  ])
  // 4b. Pacing (issue 29): 2,000 label creates from a file while the sandbox enforces 600 requests per
  //     6 s and token. The floor is when the limit lets the last write through: the windows are aligned
  //     to the clock, so it is the start of the window that holds the 2,000th request.
  const writes = quick ? 400 : 2000
  const limit = {limit: quick ? 120 : 600, windowMs: 6000}
  const labelsCsv = join(work, 'paced-labels.csv')
  writeFileSync(labelsCsv, `name,color\n${Array.from({length: writes}, (_, i) => `paced-${i},red`).join('\n')}\n`)
  // start at a window's beginning: the floor below lets a window's whole budget through at its very end,
  // which no client can, so a start late in a window read as up to 1.5x the floor by the clock's phase alone
  await new Promise(resolve => setTimeout(resolve, limit.windowMs - (Date.now() % limit.windowMs) + 20))
  sandbox.store.options.rateLimit = limit
  const before = sandbox.requests.length
  const t0 = Date.now()
  const paced = await run(process.execPath, [bin, 'labels', 'create', '--from-file', labelsCsv, '-p', '20', '--json'])
  delete sandbox.store.options.rateLimit
  const refused = sandbox.requests.slice(before).filter(r => r.status === 429).length
  const floorMs = Math.max(1, (Math.floor(t0 / limit.windowMs) + Math.ceil(writes / limit.limit) - 1) * limit.windowMs - t0)
  report(
    `pacing: ${writes} label writes against a limit of ${limit.limit} per ${limit.windowMs / 1000} s`,
    `${paced.ms.toFixed(0)} ms, ${refused} answers 429`,
    `floor ${floorMs.toFixed(0)} ms (the limit's own pace)`,
    `${(paced.ms / floorMs).toFixed(2)}x the floor (target at most 1.10x, no 429)`,
    paced.code === 0 ? '' : `FAILED: exit ${paced.code}: ${paced.stderr.slice(0, 200)}`,
  )
  table.push([`${writes} writes against a rate limit (${limit.limit} per ${limit.windowMs / 1000} s)`, `${(paced.ms / floorMs).toFixed(2)}× the floor, ${refused} × 429`, '≤ 1.10× the floor, no 429'])

  // 5. The test suite, as CI's test step runs it (without the build, which `npm test` does first).
  if (process.argv.includes('--no-tests')) {
    table.push(['`npm test` on this machine', 'not run (--no-tests)', '≤ 90 s'])
  } else {
    const results = join(work, 'tests.json')
    const tests = await run(process.execPath, [resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile.json=${results}`], {env: process.env})
    const counts = (() => {
      try {
        const json = JSON.parse(readFileSync(results, 'utf8'))
        return `${json.numPassedTests} passed, ${json.numFailedTests} failed`
      } catch {
        return 'no results'
      }
    })()
    report(
      'the test suite (vitest run, without the build)',
      `${(tests.ms / 1000).toFixed(0)} s, ${counts}`,
      'target 90 s',
      `${(tests.ms / 90_000).toFixed(2)}x the target`,
      tests.code === 0 ? '' : `exit ${tests.code}`,
    )
    table.push(['`npm test` on this machine (test step, build excluded)', `${(tests.ms / 1000).toFixed(0)} s (${counts})`, '≤ 90 s'])
  }
  // 6. A plan over a fleet: every (project, section) one list, 8 at a time; the floor is the same
  //    requests one after another, each taking at least the added latency.
  const fleet = await planOverFleet({projects: quick ? 200 : 1000, latencyMs: 50})
  report(
    `plan over ${fleet.projects} projects × ${FLEET_SECTIONS.length} sections (${FLEET_SECTIONS.join(', ')}), 50 ms latency, vs the same reads one at a time`,
    `${(fleet.ms / 1000).toFixed(1)} s, ${fleet.requests} requests`,
    `${(fleet.floorMs / 1000).toFixed(1)} s (${fleet.requests} × 50 ms, the floor of one at a time)`,
    `${fleet.ratio.toFixed(1)}x faster`,
    fleet.error,
  )
  table.push([
    `\`plan\` over ${fleet.projects} projects × ${FLEET_SECTIONS.length} sections at 50 ms latency, concurrency 8`,
    `${fleet.ratio.toFixed(1)}× the floor (${(fleet.ms / 1000).toFixed(1)} s, ${fleet.requests} requests)`,
    '≥ 6×',
  ])
  // 7. A large state file checked whole (no request): linear in its size, near the parser's own time.
  const state = await stateCheckGrowth(quick)
  for (const size of [state.small, state.large])
    report(
      `check of a ${size.projects.toLocaleString('en')}-project state file (${size.mb.toFixed(1)} MB), start-up included, nothing sent`,
      `${(size.ms / 1000).toFixed(1)} s`,
      `${(size.parseMs / 1000).toFixed(1)} s (the yaml package's bare parse of the same file)`,
      `${(size.ms / size.parseMs).toFixed(2)}x the parse`,
      size.error,
    )
  report(
    `growth of the check from ${state.small.projects.toLocaleString('en')} to ${state.large.projects.toLocaleString('en')} projects`,
    `${state.growth.toFixed(2)}x`,
    `${state.parseGrowth.toFixed(2)}x (the bare parse's)`,
    state.growth < 2.4 ? 'linear' : 'more than linear',
    '',
  )
  table.push([
    `check of a ${state.large.projects.toLocaleString('en')}-project state file`,
    `${(state.large.ms / 1000).toFixed(1)} s, growth ${state.growth.toFixed(2)}x for twice the projects`,
    'a few seconds, linear (≈ 2x)',
  ])
  console.log(`\n| measure | this run | target |\n|---|---|---|\n${table.map(row => `| ${row.join(' | ')} |`).join('\n')}`)
} finally {
  await sandbox.close()
  rmSync(work, {recursive: true, force: true})
}

// `npm run bench`: forgectl's figures beside a baseline measured in the same run, as ratios.
// Not part of `npm test`: timings depend on the machine, so nothing here asserts.
//   1. start-up: `forgectl labels list --help` vs `node -e 0` (medians)
//   2. --all over 100 pages with 50 ms added latency: concurrent (default) vs one page at a time
//   3. a 1 GiB download: peak memory and throughput, vs curl when present
//   4. bulk: one label added to 200 projects' worth of items with bounded concurrency vs one process per item
import {spawn, spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {startSandbox} from '../dist-sandbox/server.js'

const bin = resolve(import.meta.dirname, '../bin/run.js')
const work = mkdtempSync(join(tmpdir(), 'forgectl-bench-'))
const quick = process.argv.includes('--quick')
const GiB = 1 << 30

const sandbox = await startSandbox({seedLabels: 2000, seedProjects: 200, jobDelayMs: 100})
const env = {...process.env, FORGECTL_HOST: sandbox.url, FORGECTL_TOKEN: sandbox.tokens.admin, FORGECTL_CONFIG_DIR: work}

function run(command, args, options = {}) {
  return new Promise(done => {
    const started = process.hrtime.bigint()
    const child = spawn(command, args, {env, stdio: ['ignore', options.stdout ?? 'ignore', 'pipe']})
    let stderr = ''
    child.stderr.on('data', d => (stderr += d))
    child.on('close', code => done({code, ms: Number(process.hrtime.bigint() - started) / 1e6, stderr}))
  })
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const rows = []
const report = (name, ours, baseline, ratio, note) => {
  rows.push({name, ours, baseline, ratio, note})
  console.log(`${name}\n  forgectl: ${ours}\n  baseline: ${baseline}\n  ratio:    ${ratio}${note ? `\n  ${note}` : ''}`)
}

try {
  // 1. Start-up, interleaved so that both see the same machine load.
  const n = quick ? 7 : 21
  const cli = []
  const bare = []
  for (let i = 0; i < n; i++) {
    bare.push((await run(process.execPath, ['-e', '0'])).ms)
    cli.push((await run(process.execPath, [bin, 'labels', 'list', '--help'])).ms)
  }
  const [c, b] = [median(cli), median(bare)]
  report('start-up: labels list --help vs node -e 0 (median)', `${c.toFixed(0)} ms`, `${b.toFixed(0)} ms`, `${(c / b).toFixed(2)}x (target at most 2x)`)

  // 2. --all over 100 pages of 20, each request delayed 50 ms.
  sandbox.store.options.latencyMs = 50
  const list = ['labels', 'list', '-p', 'acme/website', '--all', '--per-page', '20', '--json']
  const concurrent = await run(process.execPath, [bin, ...list])
  const sequential = await run(process.execPath, [bin, ...list, '--concurrency', '1'])
  sandbox.store.options.latencyMs = 0
  report('--all over 100 pages, 50 ms latency: concurrent vs one page at a time', `${concurrent.ms.toFixed(0)} ms`, `${sequential.ms.toFixed(0)} ms`,
    `${(sequential.ms / concurrent.ms).toFixed(1)}x faster (target at least 5x)`)

  // 3. A large download, streamed to disk.
  const size = quick ? GiB / 8 : GiB
  const target = join(work, 'blob.bin')
  const timed = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, bin, 'api', 'GET', `/sandbox/blobs/${size}`, '--download', target], {env, encoding: 'utf8'})
  const download = await run(process.execPath, [bin, 'api', 'GET', `/sandbox/blobs/${size}`, '--download', target])
  const peakMb = Number(timed.stderr.trim().split('\n').pop()) / 1024
  const ok = statSync(target).size === size
  let curlNote = 'curl not found'
  let baseline = 'n/a'
  const hasCurl = spawnSync('curl', ['--version']).status === 0
  if (hasCurl) {
    const curl = await run('curl', ['-sS', '-o', join(work, 'curl.bin'), '-H', `PRIVATE-TOKEN: ${sandbox.tokens.admin}`, `${sandbox.url}/api/v4/sandbox/blobs/${size}`])
    baseline = `curl ${(size / 1e6 / (curl.ms / 1000)).toFixed(0)} MB/s`
    curlNote = `throughput ratio ${((size / download.ms) / (size / curl.ms)).toFixed(2)} of curl`
  }
  rmSync(target, {force: true})
  rmSync(join(work, 'curl.bin'), {force: true})
  report(`download of ${size / GiB} GiB: peak memory and throughput`, `${peakMb.toFixed(0)} MB peak RSS, ${(size / 1e6 / (download.ms / 1000)).toFixed(0)} MB/s${ok ? '' : ' (SIZE MISMATCH)'}`,
    baseline, `${curlNote}; peak memory target under 150 MB`)

  // 4. Bulk: 200 items with bounded concurrency in one process vs one process per item, one by one.
  sandbox.store.options.latencyMs = 20
  const items = quick ? 40 : 200
  const file = join(work, 'labels.json')
  writeFileSync(file, JSON.stringify(Array.from({length: items}, (_, i) => ({name: `bulk-${i}`, color: 'teal'}))))
  const bulk = await run(process.execPath, [bin, 'labels', 'create', '--from-file', file, '-p', 'acme/platform/api', '--json'])
  let oneByOne = 0
  for (let i = 0; i < items; i++) oneByOne += (await run(process.execPath, [bin, 'labels', 'create', `single-${i}`, '--color', 'teal', '-p', 'acme/platform/api'])).ms
  sandbox.store.options.latencyMs = 0
  report(`bulk: ${items} labels with --from-file vs ${items} separate invocations (20 ms latency)`, `${bulk.ms.toFixed(0)} ms`, `${oneByOne.toFixed(0)} ms`,
    `${(oneByOne / bulk.ms).toFixed(1)}x faster`, bulk.code === 0 ? '' : `bulk exit ${bulk.code}: ${bulk.stderr.slice(0, 200)}`)
} finally {
  await sandbox.close()
  rmSync(work, {recursive: true, force: true})
}

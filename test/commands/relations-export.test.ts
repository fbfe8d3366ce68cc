import {spawn} from 'node:child_process'
import {chownSync, lchownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {gunzipSync} from 'node:zlib'
import {afterEach, describe, expect, it} from 'vitest'
import type {RelationExportStatus as Entry} from '../../src/api/relations-export.js'
import type {BulkRow} from '../../src/core/lists/bulk.js'
import type {DownloadResult} from '../../src/core/transfer/download.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {BIN} from '../helpers/cli.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({jobDelayMs: 150})
const maintainer: SandboxRunOptions = {as: 'maintainer'}
const FAST = 150

afterEach(() => {
  sb.sandbox.store.options.jobDelayMs = FAST
  sb.sandbox.store.options.features.clear()
  sb.sandbox.faults.splice(0)
})

const run = (args: string[], options: SandboxRunOptions = maintainer) => sb.run(['relations-export', ...args], options)
const statusOf = async (project: number | string, query = '') =>
  (await sb.api<Entry[]>('GET', `/projects/${encodeURIComponent(String(project))}/export_relations/status${query}`, {as: 'maintainer'})).body
/** the one entry GET .../status?relation= answers (the platform's single record), undefined on its 404 */
const entryFor = async (project: number, relation: string) => {
  const answer = await sb.api<Entry>('GET', `/projects/${project}/export_relations/status?relation=${relation}`, {as: 'maintainer'})
  return answer.status === 404 ? undefined : answer.body
}
const tempDir = () => mkdtempSync(join(tmpdir(), 'forgectl-relations-'))
const ndjsonLines = (gz: Buffer) =>
  gunzipSync(gz)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map(line => JSON.parse(line) as Record<string, unknown>)

/** polls the API until `check` holds (the sandbox's jobs move with time) */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return
    await sleep(20)
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** an export of the project started through the API, once every relation has ended (finished or failed) */
async function endedExport(project: number, batched = false): Promise<Entry[]> {
  const started = Date.now()
  await sb.api('POST', `/projects/${project}/export_relations`, {as: 'maintainer', body: {batched}})
  await until(async () => {
    const entries = await statusOf(project)
    return entries.length > 0 && entries.every(e => e.status !== 0 && Date.parse(e.updated_at) >= started)
  }, 'the export to end')
  return statusOf(project)
}

async function finishedExport(project: number, batched: boolean): Promise<Entry[]> {
  const entries = await endedExport(project, batched)
  expect(entries.every(e => e.status === 1)).toBe(true)
  return entries
}

/** the CLI with stdout kept as bytes (downloads to `-`) */
function runRaw(args: string[]): Promise<{code: number; stdout: Buffer; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {PATH: process.env.PATH, HOME: process.env.HOME, FORGECTL_HOST: sb.url, FORGECTL_TOKEN: TOKENS.maintainer, FORGECTL_CONFIG_DIR: sb.configDir},
    })
    const out: Buffer[] = []
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', code => resolve({code: code ?? -1, stdout: Buffer.concat(out), stderr}))
    child.stdin.end()
  })
}

describe('relations-export start, status and wait', () => {
  it("start --wait does not take the previous export's finished entries for the new one", async () => {
    // acme/website (21) was exported long ago: right after the start its entries are still that export's
    expect((await statusOf(21)).every(e => e.status === 1 && e.updated_at < '2026-01-16')).toBe(true)
    sb.sandbox.store.options.jobDelayMs = 2500
    const before = Date.now()
    const result = await run(['start', '-p', 'acme/website', '--wait', '--interval', '1', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const entries = result.json<Entry[]>()
    expect(entries.length).toBeGreaterThanOrEqual(6)
    for (const entry of entries) {
      expect(entry.status, entry.relation).toBe(1)
      expect(Date.parse(entry.updated_at), entry.relation).toBeGreaterThanOrEqual(before)
    }
    expect(entries).toEqual(await statusOf(21))
    expect(result.stderr).toBe('Started the relations export of project "acme/website".\n')
  })

  it('start --wait in the very second an earlier export ended still waits for the new export', async () => {
    // The Date header of the start has whole seconds: only the entries as they were just before the
    // start tell the earlier export's last moves from the new export's. With the job taking 1 s, the
    // relations of an export started 0.55 s into a second finish between 0.01 and 0.55 s into the next,
    // and the new export starts a little later in that same second. Its job picks the first relation up
    // 50 ms after the start, so the first poll sees the earlier export's entries, every one finished.
    sb.sandbox.store.options.jobDelayMs = 1000
    for (let attempt = 1; ; attempt++) {
      await sleep((1550 - (Date.now() % 1000)) % 1000)
      const lastMoves = (await endedExport(21)).map(e => Date.parse(e.updated_at))
      const from = sb.sandbox.requests.length
      const result = await run(['start', '-p', '21', '--wait', '--interval', '1', '--json'])
      const logged = sb.sandbox.requests.slice(from)
      expect(logged.map(r => r.method)).toEqual(['GET', 'POST', ...logged.slice(2).map(() => 'GET')])
      const second = Math.floor((performance.timeOrigin + logged[1]!.receivedAt) / 1000)
      if (!lastMoves.every(move => Math.floor(move / 1000) === second)) {
        if (attempt < 3) continue
        throw new Error('three starts missed the second in which the earlier export ended')
      }
      expect(result.code, result.stderr).toBe(0)
      const entries = result.json<Entry[]>()
      expect(entries.length).toBeGreaterThanOrEqual(6)
      for (const entry of entries) {
        expect(entry.status, entry.relation).toBe(1)
        expect(Date.parse(entry.updated_at), entry.relation).toBeGreaterThan(Math.max(...lastMoves))
      }
      return
    }
  })

  it('start → entries at 0 (started) → wait → every entry at 1 (finished), --json as the API', async () => {
    sb.sandbox.store.options.jobDelayMs = 3_600_000
    const started = await run(['start', '-p', '20', '--json'])
    expect(started.code).toBe(0)
    expect(started.json()).toEqual({message: '202 Accepted'})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/projects/20/export_relations'})
    // the job picks a relation up every 10 ms: once no new entry has come for 60 ms, every relation has one
    await until(async () => {
      const picked = (await statusOf(20)).length
      await sleep(60)
      return picked >= 6 && (await statusOf(20)).length === picked
    }, 'the job to pick every relation up')

    const status = await run(['status', '-p', '20', '--json'])
    expect(status.code).toBe(0)
    expect(status.json<Entry[]>().map(e => e.status)).toEqual((await statusOf(20)).map(() => 0))
    expect(status.json()).toEqual(await statusOf(20))
    expect(status.json<Entry[]>().map(e => e.relation)).toEqual(expect.arrayContaining(['labels', 'milestones', 'issues', 'merge_requests', 'ci_pipelines', 'boards']))

    sb.sandbox.store.options.jobDelayMs = FAST // the job now ends at once
    const waited = await run(['wait', '-p', 'acme/platform/api', '--interval', '1', '--json'])
    expect(waited.code, waited.stderr).toBe(0)
    expect(waited.stderr).toBe('') // no spinner without a terminal
    expect(waited.json<Entry[]>().every(e => e.status === 1 && e.error === null)).toBe(true)
    const after = await run(['status', '-p', '20', '--json'])
    expect(after.json()).toEqual(await statusOf(20))
    expect(after.json()).toEqual(waited.json())
  })

  it('status --relation shows that entry only, still as a list; a table shows the default columns', async () => {
    await finishedExport(20, true)
    const one = await run(['status', '-p', '20', '--relation', 'issues', '--json'])
    expect(one.code).toBe(0)
    expect(one.json()).toEqual([await entryFor(20, 'issues')])
    expect(one.json<Entry[]>()).toHaveLength(1)
    expect(one.json<Entry[]>()[0]).toMatchObject({relation: 'issues', status: 1, batched: true})
    const table = await run(['status', '-p', '20', '-o', 'table'])
    const [header, ...rows] = table.stdout.trim().split('\n')
    expect(header).toMatch(/^relation\s+status\s+batched\s+batches_count\s+error\s+updated_at\s*$/)
    expect(rows.find(r => r.startsWith('issues '))).toMatch(/^issues\s+finished\s+true\s+3\s+\d{4}-/)
    expect(rows.find(r => r.startsWith('labels '))).toMatch(/^labels\s+finished\s+true\s+1\s+/)
  })

  it('a batched export gives every relation batches that each finish', async () => {
    const entries = await finishedExport(20, true)
    expect(entries.every(e => e.batched)).toBe(true)
    expect(entries.find(e => e.relation === 'issues')?.batches_count).toBe(3)
    for (const entry of entries) {
      expect(entry.batches).toHaveLength(entry.batches_count)
      expect(entry.batches!.every(b => b.status === 1)).toBe(true)
    }
  })

  it("a failing relation makes wait exit 9 naming it with the server's error; another relation still waits fine", async () => {
    const control = await fetch(`${sb.url}/__sandbox/features`, {method: 'POST', body: JSON.stringify({name: 'relations_export_fail_issues', enabled: true})})
    expect(control.status).toBe(200)
    const started = await run(['start', '-p', '20', '--batched', '--wait', '--interval', '1'])
    expect(started.code).toBe(9)
    expect(started.stdout).toBe('')
    const failed = (await entryFor(20, 'issues'))!
    expect(failed.status).toBe(-1)
    expect(started.stderr).toContain(`Error: relations export of project 20 failed: issues: ${failed.error}`)

    const again = await run(['wait', '-p', '20', '--interval', '1'])
    expect(again.code).toBe(9)
    expect(again.stderr).toMatch(/^Error: relations export of project 20 failed: issues: Export of issues failed/)
    const labels = await run(['wait', '-p', '20', '--relation', 'labels', '--interval', '1', '--json'])
    expect(labels.code).toBe(0)
    expect(labels.json<Entry[]>()).toEqual([expect.objectContaining({relation: 'labels', status: 1})])

    // the failure stays with that export: a new one, once the failure is gone, is waited for afresh
    sb.sandbox.store.options.features.clear()
    sb.sandbox.store.options.jobDelayMs = 2500
    const fresh = await run(['start', '-p', '20', '--wait', '--interval', '1', '--json'])
    expect(fresh.code, fresh.stderr).toBe(0)
    expect(fresh.json<Entry[]>().find(e => e.relation === 'issues')).toMatchObject({status: 1, error: null})
  })

  it("wait --relation waits through the platform's 404 for a relation the user has no export of yet", async () => {
    // asked for one relation, the status answers 404 "Export not found" until the user's first export of it
    // is picked up: the wait reads the whole status instead. The clock is pinned before the pickup.
    let now = Date.now()
    const store = sb.sandbox.store.options
    store.clock = () => now
    try {
      expect((await sb.api('POST', '/projects/23/export_relations', {as: 'owner'})).status).toBe(202)
      expect((await sb.api('GET', '/projects/23/export_relations/status?relation=labels', {as: 'owner'})).status).toBe(404)
      const from = sb.sandbox.requests.length
      const waiting = run(['wait', '-p', '23', '--relation', 'labels', '--interval', '1', '--wait-timeout', '60', '--json'], {as: 'owner'})
      await until(async () => sb.sandbox.requests.slice(from).filter(r => r.path.includes('/export_relations/status')).length >= 2, 'the wait to poll')
      now += 10 * FAST
      const waited = await waiting
      expect(waited.code, waited.stderr).toBe(0)
      expect(waited.json<Entry[]>()).toEqual([expect.objectContaining({relation: 'labels', status: 1})])
    } finally {
      delete store.clock
    }
  })

  it('wait --relation with a name the export does not have fails at once (exit 3), naming the relations there are', async () => {
    await finishedExport(20, false)
    const typo = await run(['wait', '-p', '20', '--relation', 'isues', '--wait-timeout', '30'])
    expect(typo.code).toBe(3)
    expect(typo.stderr).toMatch(/has no relation "isues"; it has: .*issues/)
  })

  it('gives up after --wait-timeout with exit 8 and the last state', async () => {
    sb.sandbox.store.options.jobDelayMs = 3_600_000
    expect((await run(['start', '-p', '20'])).code).toBe(0)
    // `wait` takes the entries as they are: until the job picks a relation up they are the last export's, ended
    await until(async () => (await statusOf(20)).some(e => e.status === 0), 'the export to be picked up')
    const waited = await run(['wait', '-p', '20', '--wait-timeout', '1', '--interval', '1'])
    expect(waited.code).toBe(8)
    expect(waited.stderr).toMatch(/^Error: gave up waiting for relations export of project 20 after 1s \(last status: /)
  })

  it('--dry-run of start shows the request and starts nothing', async () => {
    const {result, requests} = await sb.runCounted(['relations-export', 'start', '-p', '20', '--batched', '--wait', '--dry-run'], maintainer)
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/projects/20/export_relations`)
    expect(result.stderr).toContain('{"batched":true}')
  })
})

describe('relations-export download', () => {
  it('downloads one relation: gzip of NDJSON, named by the server, size reported on stderr', async () => {
    await finishedExport(20, false)
    const dir = tempDir()
    const result = await run(['download', '-p', '20', '--relation', 'labels', dir])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    const file = join(dir, 'labels.ndjson.gz')
    expect(readdirSync(dir)).toEqual(['labels.ndjson.gz'])
    const bytes = readFileSync(file)
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b])
    const records = ndjsonLines(bytes)
    expect(records.length).toBeGreaterThan(0)
    expect(records.every(r => typeof r.title === 'string')).toBe(true)
    expect(result.stderr).toBe(`Saved ${bytes.length} B to ${file}\n`)
  })

  it("downloads each batch of a batched relation; each has its batch's objects_count lines", async () => {
    const entries = await finishedExport(20, true)
    const dir = tempDir()
    let checked = 0
    for (const entry of entries.filter(e => e.batched)) {
      const ids = new Set<unknown>()
      for (const batch of entry.batches!) {
        const result = await run(['download', '-p', '20', '--relation', entry.relation, '--batched', '--batch-number', String(batch.batch_number), dir + '/'])
        expect(result.code, result.stderr).toBe(0)
        const records = ndjsonLines(readFileSync(join(dir, `${entry.relation}_${batch.batch_number}.ndjson.gz`)))
        expect(records, `${entry.relation} batch ${batch.batch_number}`).toHaveLength(batch.objects_count)
        for (const r of records) ids.add(JSON.stringify(r))
        checked++
      }
      // the batches split the relation: no object twice
      expect(ids.size).toBe(entry.batches!.reduce((sum, b) => sum + b.objects_count, 0))
    }
    expect(checked).toBeGreaterThanOrEqual(4)
    const whole = await run(['download', '-p', '20', '--relation', 'issues', join(dir, 'issues.gz')])
    expect(whole.code).toBe(6)
    expect(whole.stderr).toContain('400 Bad Request: Export is batched')
  })

  it('before the relation is finished: 404, exit 3, and nothing under the target name', async () => {
    sb.sandbox.store.options.jobDelayMs = 3_600_000
    await sb.api('POST', '/projects/20/export_relations', {as: 'maintainer'})
    await until(async () => (await entryFor(20, 'labels'))?.status === 0, 'labels to start')
    const dir = tempDir()
    const result = await run(['download', '-p', '20', '--relation', 'labels', join(dir, 'labels.ndjson.gz')])
    expect(result.code).toBe(3)
    expect(result.stderr).toMatch(/^Error: 404 Not Found: Export file not found \(GET \/api\/v4\/projects\/20\/export_relations\/download\)/)
    expect(readdirSync(dir)).toEqual([])
    const unknown = await run(['download', '-p', '20', '--relation', 'no_such_thing', join(dir, 'x.gz')])
    expect(unknown.code).toBe(6)
    expect(unknown.stderr).toContain('relation is not portable')
    expect(readdirSync(dir)).toEqual([])
  })

  it('- writes the gzip bytes to standard output and the note to stderr', async () => {
    await finishedExport(20, false)
    const dir = tempDir()
    expect((await run(['download', '-p', '20', '--relation', 'milestones', dir])).code).toBe(0)
    const piped = await runRaw(['relations-export', 'download', '-p', '20', '--relation', 'milestones', '-'])
    expect(piped.code, piped.stderr).toBe(0)
    expect([...piped.stdout.subarray(0, 2)]).toEqual([0x1f, 0x8b])
    expect(gunzipSync(piped.stdout)).toEqual(gunzipSync(readFileSync(join(dir, 'milestones.ndjson.gz'))))
    expect(piped.stderr).toBe(`Wrote ${piped.stdout.length} B to standard output.\n`)
  })

  // the platform names every batch's file as the relation's (issues.ndjson.gz): under that name the batches
  // of one relation would take each other's place, so a batch is saved as <relation>_<batch>.ndjson.gz
  it('--all DIR writes every batch of a batched export under a name of its own, and reports each file', async () => {
    const entries = await finishedExport(20, true)
    const dir = join(tempDir(), 'export')
    const result = await run(['download', '-p', '20', '--all', dir, '--json'])
    expect(result.code, result.stderr).toBe(0)
    const expected = entries.flatMap(e => (e.batched ? e.batches!.map(b => `${e.relation}_${b.batch_number}.ndjson.gz`) : [`${e.relation}.ndjson.gz`]))
    expect(readdirSync(dir).sort()).toEqual([...expected].sort())
    const rows = result.json<BulkRow<DownloadResult>[]>()
    expect(rows).toHaveLength(expected.length)
    for (const row of rows) {
      expect(row.status, row.item).toBe('ok')
      expect(statSync(row.result!.path).size).toBe(row.result!.bytes)
    }
    expect(rows.map(r => r.item)).toEqual(expect.arrayContaining(['labels batch 1', 'issues batch 1', 'issues batch 3', 'merge_requests batch 2']))
    const table = await run(['download', '-p', '20', '--all', dir, '-o', 'table'])
    expect(table.stdout.split('\n')[0]).toMatch(/^item\s+status\s+result\.path\s+result\.bytes\s+error\s*$/)
  })

  it('--all defaults to ./relations-<project>, skips unfinished relations and exits 0', async () => {
    sb.sandbox.store.options.features.add('relations_export_fail_labels')
    await endedExport(20)
    const cwd = tempDir()
    const result = await sb.run(['relations-export', 'download', '-p', 'acme/platform/api', '--all', '--json'], {...maintainer, cwd})
    expect(result.code, result.stderr).toBe(0)
    const rows = result.json<BulkRow<DownloadResult>[]>()
    expect(rows.find(r => r.item === 'labels')).toMatchObject({status: 'skipped', error: expect.stringContaining('not finished: failed (Export of labels failed')})
    expect(rows.filter(r => r.status === 'ok').length).toBe(rows.length - 1)
    expect(readdirSync(join(cwd, 'relations-acme-platform-api'))).not.toContain('labels.ndjson.gz')
    expect(readdirSync(join(cwd, 'relations-acme-platform-api'))).toContain('milestones.ndjson.gz')
  })

  // every folder forgectl writes into passes ensureFolder (src/core/config/folder.ts), as the journals' and
  // the settings' do: `--all DIR` made DIR with a plain recursive mkdir and followed whatever stood there
  it.skipIf(process.geteuid?.() !== 0)("--all refuses a DIR that is another user's symlink to a folder of theirs, and writes nothing there", async () => {
    await finishedExport(20, false)
    const root = tempDir()
    const theirs = join(root, 'theirs')
    mkdirSync(theirs)
    chownSync(theirs, 4242, 4242)
    const dir = join(root, 'export')
    symlinkSync(theirs, dir)
    lchownSync(dir, 4242, 4242)
    const result = await run(['download', '-p', '20', '--all', dir, '--json'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^Error: refusing to use the download folder .*export: it belongs to uid 4242/)
    expect(readdirSync(theirs)).toEqual([])
  })

  it('--all makes a missing DIR private (0700), as every folder forgectl makes', async () => {
    await finishedExport(20, false)
    const dir = join(tempDir(), 'made')
    expect((await run(['download', '-p', '20', '--all', dir, '--json'])).code).toBe(0)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })

  it('--all exits non-zero when a download fails, and downloads at most --concurrency files at once', async () => {
    await finishedExport(20, true)
    sb.sandbox.faults.push({path: '/export_relations/download$', kind: 'latency', latencyMs: 100})
    sb.sandbox.maxInFlight = 0
    const ok = await run(['download', '-p', '20', '--all', tempDir(), '--concurrency', '2', '--json'])
    expect(ok.code).toBe(0)
    expect(sb.sandbox.maxInFlight).toBe(2)
    sb.sandbox.faults.splice(0)
    sb.sandbox.faults.push({path: '/export_relations/download$', kind: 'status', status: 404, times: 1})
    const dir = tempDir()
    const failed = await run(['download', '-p', '20', '--all', dir, '--json'])
    expect(failed.code).toBe(3)
    const rows = failed.json<BulkRow<DownloadResult>[]>()
    expect(rows.filter(r => r.status === 'failed')).toHaveLength(1)
    expect(failed.stderr).toContain(`Error: 1 of ${rows.length} failed`)
    expect(readdirSync(dir)).toHaveLength(rows.length - 1)
  })
})

describe('relations-export: roles and local validation', () => {
  it('a developer (below Maintainer) gets 403 and exit 5; a non-member of a private project 404 and exit 3', async () => {
    for (const args of [
      ['start', '-p', '20'],
      ['status', '-p', '20'],
      ['download', '-p', '20', '--relation', 'labels', tempDir()],
    ]) {
      const result = await run(args, {as: 'developer'})
      expect(result.code, args.join(' ')).toBe(5)
      expect(result.stderr).toMatch(/^Error: 403 Forbidden/)
    }
    const outsider = await run(['status', '-p', '20'], {as: 'outsider'})
    expect(outsider.code).toBe(3)
    expect(outsider.stderr).toContain('404 Not Found: Project Not Found')
  })

  it('refuses bad or conflicting inputs before sending anything', async () => {
    const file = join(tempDir(), 'a-file')
    writeFileSync(file, 'x')
    const cases = [
      ['download', '-p', '20', '--relation', 'labels', '--all'],
      ['download', '-p', '20'],
      ['download', '-p', '20', '--relation', 'issues', '--batch-number', '2'],
      ['download', '-p', '20', '--relation', 'issues', '--batched'],
      ['download', '-p', '20', '--relation', 'issues', '--no-batched', '--batch-number', '2'],
      ['download', '-p', '20', '--relation', 'issues', '--batched', '--batch-number', '0'],
      ['download', '-p', '20', '--relation', 'issues', '--batched', '--batch-number', 'two'],
      ['download', '-p', '20', '--all', '--batched'],
      ['download', '-p', '20', '--all', '-'],
      ['download', '-p', '20', '--all', file],
      ['download', '-p', '20', '--relation', 'Issues'],
      ['download', '-p', '20', '--relation', ''],
      ['status', '-p', '20', '--relation', 'merge-requests'],
      ['wait', '-p', '20', '--relation', 'labels', '--interval', '0'],
      ['start'],
    ]
    for (const args of cases) {
      const {result, requests} = await sb.runCounted(['relations-export', ...args], maintainer)
      expect(result.code, args.join(' ')).toBe(2)
      expect(requests, args.join(' ')).toBe(0)
      expect(result.stderr, args.join(' ')).toMatch(/^Error: /)
    }
    for (const [args, message] of [
      [['download', '-p', '20', '--relation', 'Issues'], 'Error: --relation "Issues": may hold only lower-case letters and _, as in labels or merge_requests\n'],
      [['status', '-p', '20', '--relation', 'merge-requests'], 'Error: --relation "merge-requests": may hold only lower-case letters and _, as in labels or merge_requests\n'],
      [['wait', '-p', '20', '--relation', ''], 'Error: --relation "": must not be empty\n'],
      [['download', '-p', '20', '--relation', ''], 'Error: --relation "": must not be empty\n'],
      [['download', '-p', '20'], 'Error: missing --relation (relation to download, such as labels, issues or merge_requests; or --all)\n'],
      [['download', '-p', '20', '--relation', 'issues', '--batch-number', '2'], 'Error: --batch-number needs --batched\n'],
      // the platform takes the two together or neither (all_or_none_of in lib/api/project_export.rb)
      [['download', '-p', '20', '--relation', 'issues', '--batched'], 'Error: --batched needs --batch-number\n'],
      [['download', '-p', '20', '--relation', 'issues', '--batched', '--batch-number', '0'], 'Error: --batch-number "0": must be a whole number, 1 or more\n'],
    ] as Array<[string[], string]>) {
      expect((await run(args)).stderr, args.join(' ')).toBe(message)
    }
  })
})

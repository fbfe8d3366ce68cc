// Issue 29, point 3: a bulk create killed with kill -9 in the middle is finished by --resume: nothing
// done twice, nothing skipped; a journal for another input is refused; the journal goes once a run
// ends with nothing failed.
import {spawn} from 'node:child_process'
import {appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {BIN, cleanEnv} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const dir = mkdtempSync(join(tmpdir(), 'forgectl-resume-'))
const journals = () => {
  const folder = join(sb.configDir, 'journals')
  // a run's lock (`.lock`) is there only while it runs, or after a kill
  return existsSync(folder) ? readdirSync(folder).filter(name => name.endsWith('.jsonl')) : []
}

/** the one journal that is not among `earlier` */
function newJournal(earlier: string[]): string {
  const added = journals().filter(name => !earlier.includes(name))
  expect(added).toHaveLength(1)
  return join(sb.configDir, 'journals', added[0]!)
}

afterEach(() => {
  sb.sandbox.faults.splice(0)
})

interface Row {
  item: string
  status: string
}

function labelsFile(prefix: string, count: number): string {
  const file = join(dir, `${prefix}.csv`)
  writeFileSync(file, `name,color\n${Array.from({length: count}, (_, i) => `${prefix}-${i},red`).join('\n')}\n`)
  return file
}

/** label creates (POST) that reached the sandbox since `from` */
const posts = (from: number) => sb.sandbox.requests.slice(from).filter(r => r.method === 'POST' && r.path === '/projects/20/labels')

/** runs forgectl as its own process and kills it with SIGKILL once `count` label creates have reached the sandbox */
function killAfter(args: string[], count: number): Promise<void> {
  const from = sb.sandbox.requests.length
  const child = spawn(process.execPath, [BIN, ...args], {env: {...cleanEnv(), FORGECTL_HOST: sb.url, FORGECTL_TOKEN: TOKENS.developer, FORGECTL_CONFIG_DIR: sb.configDir}, stdio: 'ignore'})
  const poll = setInterval(() => {
    if (posts(from).length >= count) child.kill('SIGKILL')
  }, 5)
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (_code, signal) => {
      clearInterval(poll)
      if (signal === 'SIGKILL') resolve()
      else reject(new Error(`the run ended before it was killed (${signal ?? _code})`))
    })
  })
}

describe('--resume', () => {
  it('kill -9 in the middle of a bulk create, then --resume: every label exists once, none sent again once done', async () => {
    const file = labelsFile('killed', 120)
    sb.sandbox.faults.push({method: 'POST', path: '^/projects/20/labels$', kind: 'latency', latencyMs: 30})
    await killAfter(['labels', 'create', '--from-file', file, '-p', '20', '--concurrency', '4', '--json'], 40)
    expect(journals()).toHaveLength(1)
    const before = (await sb.api<Array<{name: string}>>('GET', '/projects/20/labels?per_page=100&search=killed-')).body.map(l => l.name)
    expect(before.length).toBeGreaterThanOrEqual(30)
    expect(before.length).toBeLessThan(120)

    const from = sb.sandbox.requests.length
    const resumed = await sb.run(['labels', 'create', '--from-file', file, '-p', '20', '--concurrency', '4', '--json', '--resume'])
    expect(resumed.code, resumed.stderr).toBe(0)
    const rows = resumed.json<Row[]>()
    // only the rest: the labels the killed run finished are neither reported nor sent again; those it
    // had under way (at most four) are sent again, and found already there
    expect(rows.length).toBeLessThanOrEqual(120 - before.length + 4)
    expect(rows.filter(r => r.status === 'already there').length).toBeLessThanOrEqual(4)
    expect(rows.every(r => r.status === 'created' || r.status === 'already there')).toBe(true)
    expect(posts(from)).toHaveLength(rows.length)
    expect(resumed.stderr).toMatch(/^resuming: \d+ of 120 done by the earlier run, \d+ left\.$/m)

    const all: string[] = []
    for (let page = 1; page <= 2; page++) all.push(...(await sb.api<Array<{name: string}>>('GET', `/projects/20/labels?per_page=100&page=${page}&search=killed-`)).body.map(l => l.name))
    expect(all.sort()).toEqual(Array.from({length: 120}, (_, i) => `killed-${i}`).sort())
    // nothing failed: the journal has served
    expect(journals()).toEqual([])
    const again = await sb.run(['labels', 'create', '--from-file', file, '-p', '20', '--resume'])
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/^Error: --resume: no journal of an unfinished `forgectl labels create` with this host, file and shard/)
  })

  it('a journal for another input is refused, in one line, and nothing is sent', async () => {
    const file = join(dir, 'changing.csv')
    // a label that exists already fails (409): the run ends with a failure, and its journal is kept
    writeFileSync(file, 'name,color\nbug,red\nchanging-1,red\n')
    const first = await sb.run(['labels', 'create', '--from-file', file, '-p', '20'])
    expect(first.code).toBe(6)
    expect(journals()).toHaveLength(1)
    writeFileSync(file, 'name,color\nbug,red\nchanging-1,red\nchanging-2,blue\n')
    const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', file, '-p', '20', '--resume'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      /^Error: --resume: the journal of `forgectl labels create` \(started [^)]+\) was written for another input \(other records, targets or flags\): give the same input, or run without --resume to start over\n$/,
    )
    expect(requests).toBe(0)
    // the same input again resumes: only what failed is tried again
    writeFileSync(file, 'name,color\nbug,red\nchanging-1,red\n')
    // with --dry-run, --resume shows the rest the resume would send, and leaves the journal as it is
    const journal = join(sb.configDir, 'journals', journals()[0]!)
    const kept = readFileSync(journal, 'utf8')
    const dry = await sb.runCounted(['labels', 'create', '--from-file', file, '-p', '20', '--resume', '--dry-run'])
    expect(dry.result.code, dry.result.stderr).toBe(0)
    expect(dry.requests).toBe(0)
    expect(dry.result.stderr).toContain('resuming: 1 of 2 done by the earlier run, 1 left.')
    expect(dry.result.stderr).toContain('DRY RUN {"name":"bug","color":"red"}')
    expect(dry.result.stderr).not.toContain('changing-1')
    expect(readFileSync(journal, 'utf8')).toBe(kept)
    const resumed = await sb.run(['labels', 'create', '--from-file', file, '-p', '20', '--resume', '--json'])
    expect(resumed.json<Row[]>().map(r => r.item)).toEqual(['bug'])
  })
  it('a journal past the size limit of the files forgectl reads (issue 35) is refused in one line, and nothing is sent', async () => {
    const file = join(dir, 'large-journal.csv')
    writeFileSync(file, 'name,color\nbug,red\nlarge-journal-1,red\n')
    const earlier = journals()
    expect((await sb.run(['labels', 'create', '--from-file', file, '-p', '20'])).code).toBe(6)
    const journal = newJournal(earlier)
    appendFileSync(journal, `${JSON.stringify({start: 'x'.repeat(1_100_000)})}\n`)
    const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', file, '-p', '20', '--resume'], {env: {FORGECTL_MAX_FILE_MB: '1'}})
    expect(result.stderr).toBe(`Error: --resume: the journal ${journal} is larger than 1 MB, the limit of a file forgectl reads (FORGECTL_MAX_FILE_MB raises it): run without --resume to start over\n`)
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
    rmSync(journal)
  })

  it('two runs of the same input at once (two CI jobs, one settings folder): the second leaves the journal of the first alone', async () => {
    const file = join(dir, 'twice.csv')
    writeFileSync(file, 'name,color\nbug,red\ntwice-1,red\n')
    const earlier = journals()
    const first = await sb.run(['labels', 'create', '--from-file', file, '-p', '20'])
    expect(first.code).toBe(6)
    const journal = newJournal(earlier)
    const kept = readFileSync(journal, 'utf8')
    // a run of the same input is under way: a live process holds the journal's lock
    const other = spawn('sleep', ['30'], {stdio: 'ignore'})
    try {
      writeFileSync(`${journal}.lock`, String(other.pid))
      writeFileSync(file, 'name,color\ntwice-2,red\n')
      const second = await sb.run(['labels', 'create', '--from-file', file, '-p', '20'])
      expect(second.code, second.stderr).toBe(0)
      expect(second.stderr).toContain(
        `Warning: no journal could be written (another run of \`forgectl labels create\` with this host, file and shard is under way (process ${other.pid}) and writes its journal): --resume cannot finish this run`,
      )
      expect(readFileSync(journal, 'utf8')).toBe(kept)
      writeFileSync(file, 'name,color\nbug,red\ntwice-1,red\n')
      const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', file, '-p', '20', '--resume'])
      expect(result.code).toBe(2)
      expect(result.stderr).toMatch(
        /^Error: --resume: another run of `forgectl labels create` with this host, file and shard is under way \(process \d+\) and writes its journal: let it end first, or remove \S+\.jsonl\.lock if no such run is under way\n$/,
      )
      expect(requests).toBe(0)
    } finally {
      other.kill('SIGKILL')
    }
    await new Promise(resolve => other.once('close', resolve))
    // its process gone (a kill -9), the lock is taken over
    const resumed = await sb.run(['labels', 'create', '--from-file', file, '-p', '20', '--resume', '--json'])
    expect(resumed.json<Row[]>().map(r => r.item)).toEqual(['bug'])
    expect(existsSync(`${journal}.lock`)).toBe(false)
    rmSync(journal, {force: true})
  })
  it('a resume of a journal whose last line a kill cut short, itself stopped, can be resumed again', async () => {
    const file = join(dir, 'cut.csv')
    writeFileSync(file, 'name,color\nbug,red\ncut-1,red\n')
    const earlier = journals()
    expect((await sb.run(['labels', 'create', '--from-file', file, '-p', '20'])).code).toBe(6)
    const journal = newJournal(earlier)
    // kill -9 in the middle of a line
    appendFileSync(journal, '{"end":"bug","stat')
    for (let i = 0; i < 2; i++) {
      const resumed = await sb.run(['labels', 'create', '--from-file', file, '-p', '20', '--resume', '--json'])
      expect(resumed.code, resumed.stderr).toBe(6)
      expect(resumed.json<Row[]>().map(r => r.item)).toEqual(['bug'])
    }
    rmSync(journal, {force: true})
  })
  it('a journal that can be read and not written (its lock cannot be taken): --resume still sends only the rest', async () => {
    const file = join(dir, 'unwritable.csv')
    writeFileSync(file, 'name,color\nbug,red\nunwritable-1,red\n')
    const earlier = journals()
    expect((await sb.run(['labels', 'create', '--from-file', file, '-p', '20'])).code).toBe(6)
    const journal = newJournal(earlier)
    // what a read-only folder does to the lock, for a test that runs as root
    mkdirSync(`${journal}.lock`)
    try {
      const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', file, '-p', '20', '--resume', '--json'])
      expect(result.code, result.stderr).toBe(6)
      expect(result.json<Row[]>().map(r => r.item)).toEqual(['bug'])
      expect(requests).toBe(1)
    } finally {
      rmSync(`${journal}.lock`, {recursive: true, force: true})
      rmSync(journal, {force: true})
    }
  })
  it('a journal left unfinished more than 30 days ago is removed when another run starts; a recent one is kept', async () => {
    const folder = join(sb.configDir, 'journals')
    mkdirSync(folder, {recursive: true})
    const old = join(folder, 'left-long-ago.jsonl')
    const recent = join(folder, 'left-yesterday.jsonl')
    writeFileSync(old, '{"journal":1}\n')
    writeFileSync(`${old}.lock`, '999999999')
    writeFileSync(recent, '{"journal":1}\n')
    const day = 24 * 60 * 60
    utimesSync(old, Date.now() / 1000 - 31 * day, Date.now() / 1000 - 31 * day)
    utimesSync(recent, Date.now() / 1000 - day, Date.now() / 1000 - day)
    const file = join(dir, 'prune.csv')
    writeFileSync(file, 'name,color\nprune-1,red\n')
    expect((await sb.run(['labels', 'create', '--from-file', file, '-p', '20'])).code).toBe(0)
    expect(existsSync(old)).toBe(false)
    expect(existsSync(`${old}.lock`)).toBe(false)
    expect(existsSync(recent)).toBe(true)
    rmSync(recent)
  })
})

// SIGTERM (a CI runner cancelling a job, `kill`) and SIGINT sent to a script's forgectl: exit 143 or
// 130 at once, temporary files removed, and a fan-out's report still complete on stdout for the script.
// "At once" is an ordering, not a clock (issue 36: a 2-core machine busy with other work): in every test
// nothing else can end the run for far longer than the test lasts (a job that is never done, a download
// of minutes, a read nobody writes to, a pause of ten minutes), so the run ending at all, with the
// signal's exit code and line, proves the signal was heard; a process that ignores it is killed
// (SIGKILL, no exit code) long after, and fails on its exit code.
import {execFileSync, spawn} from 'node:child_process'
import {constants, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync} from 'node:fs'
import {constants as osConstants, tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {BIN, runCli} from '../helpers/cli.js'
import {type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const servers: HostileServer[] = []
/** a process still running this long after the signal ignored it: a safety net, never a measure */
const IGNORED_MS = 30_000

afterEach(async () => {
  sb.sandbox.faults.splice(0)
  await Promise.all(servers.splice(0).map(s => s.close()))
})

interface Stopped {
  code: number | null
  /** the signal that ended the process, when it ended by one */
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** starts forgectl, sends `signal` once `ready` holds, and collects how it ended; `stdinOpen`: a pipe that stays open with nothing written */
function runAndSignal(args: string[], signal: NodeJS.Signals, ready: (stderr: string, pid: number) => boolean, env: Record<string, string> = {}, stdinOpen = false): Promise<Stopped> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {PATH: process.env.PATH, HOME: process.env.HOME, FORGECTL_HOST: sb.url, FORGECTL_TOKEN: TOKENS.developer, FORGECTL_CONFIG_DIR: sb.configDir, ...env},
  })
  let stdout = ''
  let stderr = ''
  let sent = false
  const check = () => {
    if (!sent && child.pid !== undefined && ready(stderr, child.pid)) {
      sent = true
      child.kill(signal)
      // a process that ignores the signal fails the test (no exit code) instead of outliving it
      setTimeout(() => child.kill('SIGKILL'), IGNORED_MS).unref()
    }
  }
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d
    check()
  })
  const poll = setInterval(check, 20)
  if (!stdinOpen) child.stdin.end()
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearInterval(poll)
      child.stdin.destroy()
      resolve({code, signal, stdout, stderr})
    })
  })
}

const tempDir = () => mkdtempSync(join(tmpdir(), 'forgectl-signals-'))

/** a FIFO that nobody will write to: opening it for reading blocks, the way a pipe with no writer does */
function fifoWithoutWriter(name: string): string {
  const fifo = join(tempDir(), name)
  execFileSync('mkfifo', [fifo])
  return fifo
}

/** the process has `file` open: it is reading it (Linux's /proc) */
const hasOpen = (pid: number, file: string) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).some(fd => readlinkOr(`/proc/${pid}/fd/${fd}`) === file)
  } catch {
    return false
  }
}

const readlinkOr = (link: string) => {
  try {
    return readlinkSync(link)
  } catch {
    return undefined
  }
}

/** a thread of the process waits in the kernel for a FIFO's writer (Linux's /proc: the task's wait channel) */
const waitsForFifoWriter = (pid: number) => {
  try {
    return readdirSync(`/proc/${pid}/task`).some(task => readFileSync(`/proc/${pid}/task/${task}/wchan`, 'utf8') === 'wait_for_partner')
  } catch {
    return false
  }
}

/** what a shell's `$?` says: the exit code, or 128 + the number of the signal that ended the process */
const shellStatus = ({code, signal}: Stopped) => code ?? 128 + (signal ? osConstants.signals[signal] : 0)

/** glibc reads HOSTALIASES for a one-label host name; musl does not */
const glibc = Boolean((process.report.getReport() as {header?: {glibcVersionRuntime?: string}}).header?.glibcVersionRuntime)

/** standard input was taken up as a stream, which sets it non-blocking (O_NONBLOCK in /proc's fdinfo): the process is reading it */
const readsStdin = (pid: number) => {
  try {
    const flags = /^flags:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/fdinfo/0`, 'utf8'))?.[1]
    return flags !== undefined && (Number.parseInt(flags, 8) & constants.O_NONBLOCK) !== 0
  } catch {
    return false
  }
}

describe('signals', () => {
  it('SIGTERM during --wait: exit 143 at once, one line', async () => {
    await sb.withOptions({jobDelayMs: 3_600_000}, async () => {
      const stopped = await runAndSignal(['vuln-export', 'create', '-p', '21', '--wait', '--interval', '1'], 'SIGTERM', e => e.includes('Created vulnerability export'))
      expect(stopped.code, stopped.stderr).toBe(143)
      expect(stopped.stderr).toMatch(/^Created vulnerability export \d+\.\nError: terminated \(SIGTERM\)\n$/)
    })
  })

  it('SIGINT and SIGTERM during a download: 130 and 143, and no temporary file left', async () => {
    const server = await startHostileServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': '10000000'})
      const drip = setInterval(() => res.write(Buffer.alloc(1000)), 20)
      res.on('close', () => clearInterval(drip))
    })
    servers.push(server)
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      const dir = tempDir()
      const started = () => readdirSync(dir).length > 0
      const stopped = await runAndSignal(['api', 'GET', '/export', '--download', join(dir, 'slow.bin')], signal, started, {FORGECTL_HOST: server.url})
      expect(stopped.code, stopped.stderr).toBe(code)
      expect(readdirSync(dir)).toEqual([])
    }
  })

  it('SIGTERM during a fan-out: --json still prints every item, done, interrupted or not done', async () => {
    const labels = Array.from({length: 8}, (_, i) => ({name: `sigterm-${i}`, color: 'blue'}))
    const file = join(tempDir(), 'labels.json')
    writeFileSync(file, JSON.stringify(labels))
    // the first two are created at once; every later one is held an hour: only the signal ends the run
    sb.sandbox.faults.push({method: 'POST', path: '^/projects/20/labels$', kind: 'latency', latencyMs: 3_600_000, skip: 2})
    const before = sb.sandbox.requests.length
    const posts = () => sb.sandbox.requests.slice(before).filter(r => r.method === 'POST' && r.path === '/projects/20/labels').length
    const stopped = await runAndSignal(['labels', 'create', '--from-file', file, '-p', '20', '--concurrency', '2', '--json'], 'SIGTERM', () => posts() >= 4)
    expect(stopped.code, stopped.stderr).toBe(143)
    const report = JSON.parse(stopped.stdout) as Array<{item: string; status: string}>
    expect(report.map(r => r.item)).toEqual(labels.map(l => l.name))
    // which two of the first four the server takes first is the order their requests arrive in, not the list's
    expect(
      report
        .slice(0, 4)
        .map(r => r.status)
        .sort(),
    ).toEqual(['created', 'created', 'interrupted', 'interrupted'])
    expect(report.slice(4).map(r => r.status)).toEqual(['not done', 'not done', 'not done', 'not done'])
    expect(stopped.stderr).toBe('Error: terminated (SIGTERM): 6 of 8 not done\n')
    expect(posts()).toBe(4)
    for (const row of report.filter(r => r.status !== 'created')) {
      expect((await sb.api('GET', `/projects/20/labels/${row.item}`)).status, row.item).toBe(404)
    }
  })

  it('SIGINT while the whole run is paused by a 429 (Retry-After: 600): exit 130 at once, with the report', async () => {
    const labels = Array.from({length: 6}, (_, i) => ({name: `paused-${i}`, color: 'blue'}))
    const file = join(tempDir(), 'labels.json')
    writeFileSync(file, JSON.stringify(labels))
    sb.sandbox.faults.push({method: 'POST', path: '^/projects/20/labels$', kind: 'status', status: 429, retryAfter: 600})
    const before = sb.sandbox.requests.length
    const posts = () => sb.sandbox.requests.slice(before).filter(r => r.method === 'POST' && r.path === '/projects/20/labels').length
    let refusedAt = 0
    const paused = () => {
      if (refusedAt === 0 && posts() >= 2) refusedAt = Date.now()
      return refusedAt > 0 && Date.now() - refusedAt > 300
    }
    // --timeout 900: the pause fits in the request's budget, so it is waited, not refused
    const stopped = await runAndSignal(['labels', 'create', '--from-file', file, '-p', '20', '--concurrency', '2', '--json', '--timeout', '900'], 'SIGINT', paused)
    expect(stopped.code, stopped.stderr).toBe(130)
    expect(posts()).toBe(2)
    const report = JSON.parse(stopped.stdout) as Array<{item: string; status: string}>
    expect(report.map(r => r.status)).toEqual(['interrupted', 'interrupted', 'not done', 'not done', 'not done', 'not done'])
  })

  it('SIGINT while items wait for a rate-limit budget used up: those that sent nothing are not done, not interrupted', async () => {
    const server = await startHostileServer((_req, res) => {
      const reset = String(Math.floor(Date.now() / 1000) + 60)
      res.writeHead(201, {'content-type': 'application/json', 'ratelimit-limit': '600', 'ratelimit-remaining': '0', 'ratelimit-reset': reset})
      res.end(JSON.stringify({id: 1, name: 'l', color: 'red'}))
    })
    servers.push(server)
    const file = join(tempDir(), 'labels.json')
    writeFileSync(file, JSON.stringify(Array.from({length: 4}, (_, i) => ({name: `budget-${i}`, color: 'blue'}))))
    const args = ['labels', 'create', '--from-file', file, '-p', '20', '--concurrency', '2', '--json', '--verbose', '--host', server.url]
    const stopped = await runAndSignal(args, 'SIGINT', stderr => stderr.includes('is used up until it resets'))
    expect(stopped.code, stopped.stderr).toBe(130)
    expect(server.requests).toHaveLength(2)
    const report = JSON.parse(stopped.stdout) as Array<{item: string; status: string}>
    expect(report.map(r => r.status)).toEqual(['created', 'created', 'not done', 'not done'])
  })

  it('SIGTERM during relations-export download --all: the files under way leave no temporary file', async () => {
    const relations = ['labels', 'milestones', 'issues', 'boards']
    const server = await startHostileServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      if (url.pathname.endsWith('/status')) {
        const entries = relations.map(relation => ({relation, status: 1, error: null, updated_at: '2026-01-01T00:00:00Z', batched: false, batches_count: 0}))
        res.writeHead(200, {'content-type': 'application/json'})
        return void res.end(JSON.stringify(entries))
      }
      const relation = url.searchParams.get('relation')
      res.writeHead(200, {'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${relation}.ndjson.gz"`, 'content-length': '1000000'})
      const drip = setInterval(() => res.write(Buffer.alloc(100)), 20)
      res.on('close', () => clearInterval(drip))
    })
    servers.push(server)
    const dir = tempDir()
    const downloading = () => readdirSync(dir).filter(f => f.endsWith('.part')).length === 2
    const stopped = await runAndSignal(['relations-export', 'download', '-p', '20', '--all', dir, '--concurrency', '2', '--json'], 'SIGTERM', downloading, {FORGECTL_HOST: server.url})
    expect(stopped.code, stopped.stderr).toBe(143)
    expect(JSON.parse(stopped.stdout)).toMatchObject(relations.map((item, i) => ({item, status: i < 2 ? 'interrupted' : 'not done'})))
    expect(readdirSync(dir)).toEqual([])
  })

  describe('a blocking read gives way: a FIFO nobody writes to, standard input that never ends', () => {
    for (const [signal, code] of [
      ['SIGTERM', 143],
      ['SIGINT', 130],
    ] as const) {
      it(`--from-file naming a FIFO without a writer: ${signal} ends it with ${code} at once`, async () => {
        const fifo = fifoWithoutWriter('labels.json')
        const stopped = await runAndSignal(['labels', 'create', '--from-file', fifo, '-p', '20'], signal, (_, pid) => hasOpen(pid, fifo))
        expect(stopped.code, stopped.stderr).toBe(code)
        expect(stopped.stderr).toBe(`Error: ${signal === 'SIGINT' ? 'interrupted' : 'terminated'} (${signal})\n`)
      })
    }

    it('--value-file and --ca-file naming a FIFO without a writer: SIGTERM ends each at once', async () => {
      for (const [args, name] of [
        [['ci-variables', 'create', 'FROM_FIFO', '--value-file'], 'value'],
        [['labels', 'list', '-p', '20', '--ca-file'], 'ca.pem'],
      ] as const) {
        const fifo = fifoWithoutWriter(name)
        const stopped = await runAndSignal([...args, fifo], 'SIGTERM', (_, pid) => hasOpen(pid, fifo))
        expect(stopped.code, stopped.stderr).toBe(143)
      }
    })

    it('standard input an open pipe with no data (--from-file -, --token-stdin): SIGINT ends it with 130 at once', async () => {
      for (const args of [
        ['labels', 'create', '--from-file', '-', '-p', '20'],
        ['auth', 'login', '--token-stdin'],
      ]) {
        const stopped = await runAndSignal(args, 'SIGINT', (_, pid) => readsStdin(pid), {}, true)
        expect(stopped.code, stopped.stderr).toBe(130)
        expect(stopped.stderr).toBe('Error: interrupted (SIGINT)\n')
      }
    })

    // A host name lookup runs on Node's thread pool, which process.exit() waits for: glibc opening a
    // HOSTALIASES file that is a FIFO without a writer stands for a resolver that does not answer.
    it.skipIf(!glibc)('a host name lookup that hangs: SIGTERM and SIGINT end the run at once, with the status a shell reads as 143 and 130', async () => {
      for (const [signal, status] of [
        ['SIGTERM', 143],
        ['SIGINT', 130],
      ] as const) {
        const aliases = fifoWithoutWriter('host-aliases')
        const stopped = await runAndSignal(['labels', 'list', '-p', '20', '--allow-http'], signal, (_, pid) => waitsForFifoWriter(pid), {FORGECTL_HOST: 'http://forgehost', HOSTALIASES: aliases})
        expect(shellStatus(stopped), stopped.stderr).toBe(status)
        expect(stopped.stderr).toBe(`Error: ${signal === 'SIGINT' ? 'interrupted' : 'terminated'} (${signal})\n`)
      }
    })

    it('a FIFO that is written to is read whole, as a file is', async () => {
      const fifo = fifoWithoutWriter('labels.json')
      const child = spawn('sh', ['-c', `sleep 0.3; printf '[{"name":"from-fifo","color":"red"}]' > "$0"`, fifo])
      const result = await runCli(['labels', 'create', '--from-file', fifo, '-p', '20', '--dry-run', '--json'], {
        spawn: true,
        env: {FORGECTL_HOST: sb.url, FORGECTL_TOKEN: TOKENS.developer, FORGECTL_CONFIG_DIR: sb.configDir},
      })
      child.kill()
      expect(result.code, result.stderr).toBe(0)
      expect(result.json()).toEqual([{item: 'from-fifo', status: 'dry-run', outcome: 'not attempted'}])
    })
  })
})

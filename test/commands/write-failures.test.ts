// Output that cannot be written (issue 24, point 6): stdout on a full disk (/dev/full) or over the file
// size limit (`ulimit -f`), a download that fills its disk, stderr that fails, a reader that goes away.
// Each is one line and exit 1 (none for a reader gone: exit 0), never a stack trace. Spawned through
// sh, which sets up the redirections and the limit as a user's shell does. No clock bound (issue 36: a
// 2-core machine busy with other work): a run that hangs on a failed write is killed long after and
// fails on its exit code and missing line; the reader gone away is checked against a list without end,
// which only stopping can end.
import {spawn} from 'node:child_process'
import {mkdtempSync, readdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {BIN} from '../helpers/cli.js'
import {type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const servers: HostileServer[] = []
/** a run still going this long hangs: killed (no exit code), a safety net, never a measure */
const HUNG_MS = 30_000

afterEach(async () => {
  await Promise.all(servers.splice(0).map(s => s.close()))
})

interface Ended {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * `forgectl ARGS` run by `sh -c SCRIPT`, where SCRIPT runs it as `"$@"` with its redirections
 * (`exec "$@" > /dev/full`); stdout and stderr are pipes unless the script redirects them
 */
function inShell(script: string, args: string[], env: Record<string, string> = {}): Promise<Ended> {
  const child = spawn('sh', ['-c', script, 'sh', process.execPath, BIN, ...args], {
    env: {PATH: process.env.PATH, HOME: process.env.HOME, FORGECTL_HOST: sb.url, FORGECTL_TOKEN: TOKENS.developer, FORGECTL_CONFIG_DIR: sb.configDir, ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group, so that a run that never ends is killed with the shell around it
    detached: true,
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
  const killer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), HUNG_MS)
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', code => {
      clearTimeout(killer)
      resolve({code, stdout, stderr})
    })
  })
}

const FULL = 'no space left on device (ENOSPC)'

describe('stdout that cannot be written', () => {
  it.each([
    [['hooks', 'list', '--json']],
    [['labels', 'list', '-p', '20', '-o', 'table']],
    [['labels', 'list', '-p', '20', '--all', '-o', 'ndjson']],
    [['labels', 'get', 'bug', '-p', '20', '-o', 'yaml']],
    [['config', 'path']],
    [['labels', '--help']],
  ])('%j > /dev/full: one line, exit 1', async args => {
    const ended = await inShell('exec "$@" > /dev/full', args, {FORGECTL_TOKEN: TOKENS.admin})
    expect(ended.stderr).toBe(`Error: cannot write to standard output: ${FULL}\n`)
    expect(ended.code).toBe(1)
  })

  it('stdout into a file over `ulimit -f`: one line naming the limit, exit 1', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'forgectl-write-')), 'out.json')
    const server = await startHostileServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/octet-stream'})
      res.end(Buffer.alloc(200_000))
    })
    servers.push(server)
    // 64 blocks of 512 bytes: 32 kB
    const ended = await inShell(`ulimit -f 64; exec "$@" > ${file}`, ['api', 'GET', '/export', '--download', '-'], {FORGECTL_HOST: server.url})
    expect(ended.stderr).toBe('Error: cannot write to standard output: file too large (EFBIG)\n')
    expect(ended.code).toBe(1)
  })

  it('a reader that goes away (`| head`) ends the run at once, quietly, exit 0: the rest is not fetched', async () => {
    // a list without end: every page names a next one
    const server = await startHostileServer((req, res) => {
      const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? 1)
      const records = Array.from({length: 100}, (_, i) => ({id: page * 100 + i, name: `label-${page}-${i}`, color: '#ff0000'}))
      res.writeHead(200, {'content-type': 'application/json', 'x-next-page': String(page + 1)})
      res.end(JSON.stringify(records))
    })
    servers.push(server)
    const ended = await inShell('"$@" | head -c 100 > /dev/null; echo "forgectl: $?" >&2', ['labels', 'list', '-p', '20', '--all', '--json'], {FORGECTL_HOST: server.url})
    // sh without pipefail reports head's status: forgectl's own is checked through the missing error line
    expect(ended.stderr).toBe('forgectl: 0\n')
    expect(server.requests.length).toBeLessThan(20)
  })
})

describe('a download that cannot be written', () => {
  it('into a file over `ulimit -f`: one line, exit 1, no file and no temporary file left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-write-'))
    const server = await startHostileServer((_req, res) => {
      res.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': '200000'})
      res.end(Buffer.alloc(200_000))
    })
    servers.push(server)
    const target = join(dir, 'export.bin')
    const ended = await inShell('ulimit -f 64; exec "$@"', ['api', 'GET', '/export', '--download', target], {FORGECTL_HOST: server.url})
    expect(ended.stderr).toBe(`Error: download of ${target} failed: file too large (EFBIG); nothing was written under that name\n`)
    expect(ended.code).toBe(1)
    expect(readdirSync(dir)).toEqual([])
  })
})

describe('stderr that cannot be written', () => {
  it('does not change the outcome: a success stays 0, a failure keeps its code', async () => {
    const created = await inShell('exec "$@" 2> /dev/full', ['labels', 'create', 'stderr-full', '--color', 'red', '-p', '20', '--json'], {FORGECTL_TOKEN: TOKENS.maintainer})
    expect(created.code).toBe(0)
    expect(JSON.parse(created.stdout)).toMatchObject({name: 'stderr-full'})
    await sb.withOptions({jobDelayMs: 300}, async () => {
      const waited = await inShell('exec "$@" 2> /dev/full', ['vuln-export', 'create', '-p', '21', '--wait', '--interval', '1', '--json'])
      expect(waited.code).toBe(0)
    })
    const missing = await inShell('exec "$@" 2> /dev/full', ['labels', 'get', 'no-such-label', '-p', '20'])
    expect(missing.code).toBe(3)
  })
})

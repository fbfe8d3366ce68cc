// Downloads never overwrite a file without --clobber, not even one that appears while they run; the
// folder of a file target must exist; a vulnerability export's default name carries its ID.
import {existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({jobDelayMs: 150})
const tempDir = () => mkdtempSync(join(tmpdir(), 'forgectl-downloads-'))
const servers: HostileServer[] = []

afterEach(async () => {
  await Promise.all(servers.splice(0).map(s => s.close()))
})

/** every command that saves a file, aimed at `target` */
const savingCommands = (target: string) => [
  ['vuln-export', 'create', '-p', '20', '--download', target],
  ['vuln-export', 'download', '1', target],
  ['relations-export', 'download', '-p', '20', '--relation', 'labels', target],
  ['api', 'GET', '/sandbox/blobs/10', '--download', target],
]

describe('an existing file', () => {
  it('is refused before any request is sent (exit 2, naming --clobber) and left untouched', async () => {
    const dir = tempDir()
    const target = join(dir, 'report.csv')
    writeFileSync(target, 'mine\n')
    for (const args of savingCommands(target)) {
      const {result, requests} = await sb.runCounted(args, {as: 'maintainer'})
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2)
      expect(result.stderr).toBe(`Error: ${target} already exists: pass --clobber to overwrite it\n`)
      expect(requests, args.join(' ')).toBe(0)
    }
    expect(readFileSync(target, 'utf8')).toBe('mine\n')
    expect(readdirSync(dir)).toEqual(['report.csv'])
  })

  it('is replaced with --clobber', async () => {
    const dir = tempDir()
    const target = join(dir, 'blob.bin')
    writeFileSync(target, 'mine\n')
    const result = await sb.run(['api', 'GET', '/sandbox/blobs/1000', '--download', target, '--clobber'])
    expect(result.code, result.stderr).toBe(0)
    expect(statSync(target).size).toBe(1000)
    expect(readdirSync(dir)).toEqual(['blob.bin'])
  })

  it('named by the server in a folder target is refused once the name is known, and kept; --clobber replaces it', async () => {
    const dir = tempDir()
    const existing = join(dir, 'blob-500.bin')
    writeFileSync(existing, 'mine\n')
    const refused = await sb.run(['api', 'GET', '/sandbox/blobs/500', '--download', dir + '/'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toBe(`Error: ${existing} already exists: pass --clobber to overwrite it\n`)
    expect(readFileSync(existing, 'utf8')).toBe('mine\n')
    expect(readdirSync(dir)).toEqual(['blob-500.bin'])

    const replaced = await sb.run(['api', 'GET', '/sandbox/blobs/500', '--download', dir + '/', '--clobber'])
    expect(replaced.code, replaced.stderr).toBe(0)
    expect(statSync(existing).size).toBe(500)
  })

  it('that appears while the download runs is kept: the download does not take its name', async () => {
    let headersSent!: () => void
    const sent = new Promise<void>(resolve => (headersSent = resolve))
    let finish!: () => void
    const finished = new Promise<void>(resolve => (finish = resolve))
    const server = await startHostileServer(async (_req, res) => {
      res.writeHead(200, {'content-type': 'application/octet-stream', 'content-length': '10'})
      res.write('first')
      headersSent()
      await finished
      res.end('-last')
    })
    servers.push(server)
    const dir = tempDir()
    const target = join(dir, 'race.bin')
    const running = runCli(['api', 'GET', '/anything', '--download', target], {env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: 'glpat-race-test-token', FORGECTL_CONFIG_DIR: sb.configDir}})
    await sent
    writeFileSync(target, 'theirs')
    finish()
    const result = await running
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`Error: ${target} appeared while downloading and was kept: pass --clobber to overwrite it\n`)
    expect(readFileSync(target, 'utf8')).toBe('theirs')
    expect(readdirSync(dir)).toEqual(['race.bin'])
  })
})

describe('the folder of a file target', () => {
  it('must exist: exit 2 naming it, before any request, and nothing is created', async () => {
    const dir = tempDir()
    const missing = join(dir, 'no-such-folder')
    const target = join(missing, 'report.csv')
    for (const args of savingCommands(target)) {
      const {result, requests} = await sb.runCounted(args, {as: 'maintainer'})
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2)
      expect(result.stderr).toBe(`Error: cannot save ${target}: the folder ${missing} does not exist\n`)
      expect(requests, args.join(' ')).toBe(0)
    }
    expect(existsSync(missing)).toBe(false)
  })
})

describe('output flags that have nothing to act on', () => {
  it.each([
    ['--jq', 'a saved file is no JSON to filter', '.path', '--jq filters JSON output, and this command saves a file: leave --jq out'],
    ['--columns', 'a saved file has no fields to pick (issue 25, point 3)', 'path', '--columns picks the fields of printed records, and this command saves a file: leave --columns out'],
  ])('%s is refused (exit 2) before any request: %s', async (flag, _why, value, message) => {
    const dir = tempDir()
    for (const args of savingCommands(join(dir, 'report.csv'))) {
      const {result, requests} = await sb.runCounted([...args, flag, value], {as: 'maintainer'})
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2)
      expect(result.stderr).toBe(`Error: ${message}\n`)
      expect(requests, args.join(' ')).toBe(0)
    }
    expect(readdirSync(dir)).toEqual([])
  })

  it('api --download saves one answer: --all and --page are refused', async () => {
    for (const extra of [['--all'], ['--page', '2']]) {
      const {result, requests} = await sb.runCounted(['api', 'GET', '/projects/20/labels', '--download', join(tempDir(), 'labels.json'), ...extra])
      expect(result.stderr).toBe('Error: --download saves one answer: it cannot be used with --all or --page\n')
      expect([result.code, requests]).toEqual([2, 0])
    }
  })
})

describe('default names', () => {
  it('two vulnerability exports of the same minute get different files, each named after its ID', async () => {
    const dir = tempDir()
    const ids: number[] = []
    for (let i = 0; i < 2; i++) {
      const result = await sb.run(['vuln-export', 'create', '-p', '20', '--download', dir, '--interval', '1'])
      expect(result.code, result.stderr).toBe(0)
      ids.push(Number(result.stderr.match(/Created vulnerability export (\d+)/)![1]))
    }
    // (the server names both by scope and minute: under its names the second would replace the first)
    expect(readdirSync(dir).sort()).toEqual(ids.map(id => `vulnerabilities-${id}.csv`).sort())
  })
})

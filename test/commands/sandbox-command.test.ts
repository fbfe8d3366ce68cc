// `forgectl sandbox`: started as a process, used by forgectl over HTTP with a token it printed, then
// stopped by a signal as a person (Ctrl-C) or a CI job (kill) stops it: exit 0 promptly, port closed.
// "Promptly" is an ordering, not a clock (issue 36: a 2-core machine busy with other work): a sandbox
// never ends by itself, so its ending with 0 and the stopped line proves the signal was heard; one that
// ignores it is killed long after (test/helpers/sandbox-process.ts) and fails on its exit code.
import {execFile} from 'node:child_process'
import {chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync} from 'node:fs'
import {createServer, type Server} from 'node:net'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {promisify} from 'node:util'
import {afterEach, describe, expect, it} from 'vitest'
import {BIN, freshConfigDir, runCli} from '../helpers/cli.js'
import {isListening, type SandboxProcess, startSandboxProcess} from '../helpers/sandbox-process.js'

const running: SandboxProcess[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map(p => p.stop('SIGKILL')))
})

async function sandbox(args: string[]): Promise<SandboxProcess> {
  const started = await startSandboxProcess(args)
  running.push(started)
  return started
}

/** stops it, and no longer leaves it to afterEach */
async function stop(started: SandboxProcess, signal: NodeJS.Signals) {
  running.splice(running.indexOf(started), 1)
  return started.stop(signal)
}

const labelsList = (url: string, token: string) => runCli(['labels', 'list', '-p', 'acme/website', '--json'], {env: {FORGECTL_HOST: url, FORGECTL_TOKEN: token, FORGECTL_CONFIG_DIR: freshConfigDir()}})

describe('forgectl sandbox', () => {
  it('holds a fleet with --fleet N --fleet-group PATH: N more projects under that group, found by a glob', async () => {
    const started = await sandbox(['--fleet', '1200', '--fleet-group', 'acme/fleet'])
    const env = {FORGECTL_HOST: started.firstLine, FORGECTL_TOKEN: 'sandbox-admin-token', FORGECTL_CONFIG_DIR: freshConfigDir()}
    const file = join(mkdtempSync(join(tmpdir(), 'forgectl-fleet-')), 'fleet.yaml')
    writeFileSync(file, 'version: 1\nprojects:\n  "acme/fleet/*":\n    labels:\n      fleet: {color: red}\n')
    const planned = await runCli(['plan', '-f', file], {env})
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain('project acme/fleet/project-1200\n  + labels fleet: color "red"')
    expect(planned.stdout).toMatch(/^Plan: 1200 to create, 0 to update, 0 to delete, 0 unchanged \(1200 scopes read in \d+ requests\)\.$/m)
    const refused = await runCli(['sandbox', '--fleet-group', 'a b'], {env})
    expect(refused.stderr).toContain('--fleet-group "a b": must be a group path such as acme or acme/fleet')
    expect(refused.code).toBe(2)
  })

  it('prints {url, tokens} with --json, serves forgectl with those tokens, and ends with 0 on SIGTERM', async () => {
    const started = await sandbox(['--port', '0', '--json'])
    const {url, tokens} = JSON.parse(started.firstLine) as {url: string; tokens: Record<string, string>}
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(Object.keys(tokens)).toEqual(expect.arrayContaining(['admin', 'developer', 'outsider']))

    const listed = await labelsList(url, tokens.developer!)
    expect(listed.code).toBe(0)
    expect(listed.json<Array<{name: string}>>().length).toBeGreaterThan(0)
    // the tokens are the sandbox's own rules, not decoration: a member of nothing is refused
    expect((await labelsList(url, tokens.outsider!)).code).not.toBe(0)

    const ended = await stop(started, 'SIGTERM')
    expect(ended).toMatchObject({code: 0, signal: null})
    expect(ended.stderr).toContain('Sandbox stopped (SIGTERM).')
    expect(await isListening(url)).toBe(false)
  })

  it('prints the URL on the first line and "ROLE TOKEN" lines, a guide on stderr, and ends with 0 on SIGINT', async () => {
    const started = await sandbox([])
    const url = started.firstLine
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await isListening(url)).toBe(true)
    expect(started.stdout()).toContain('\nadmin sandbox-admin-token\n')
    const developer = /^developer (\S+)$/m.exec(started.stdout())![1]!
    expect((await labelsList(url, developer)).code).toBe(0)
    // the guide follows the data, on the other pipe
    await expect.poll(() => started.stderr()).toContain(`export FORGECTL_HOST=${url} `)
    expect(started.stderr()).not.toContain('Warning')

    const ended = await stop(started, 'SIGINT')
    expect(ended).toMatchObject({code: 0, signal: null})
    expect(ended.stderr).toContain('Sandbox stopped (SIGINT).')
    expect(ended.stderr).not.toContain('Error')
    expect(await isListening(url)).toBe(false)
  })

  it('prints a guide whose export line, pasted into a shell as is, makes the next command work (issue 36: its full stop was pasted into the token)', async () => {
    const started = await sandbox([])
    await expect.poll(() => started.stderr()).toMatch(/^ *export .*\n/m)
    const line = /^ *(export .*)$/m.exec(started.stderr())![1]!
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-paste-'))
    symlinkSync(BIN, join(dir, 'forgectl'))
    const {stdout} = await promisify(execFile)('bash', ['-c', `${line}\nforgectl labels list -p acme/website --json >/dev/null; echo "labels $?"`], {
      env: {PATH: `${dir}:${process.env.PATH}`, HOME: process.env.HOME, FORGECTL_CONFIG_DIR: freshConfigDir()},
    })
    expect(stdout).toBe('labels 0\n')
    expect((await stop(started, 'SIGTERM')).code).toBe(0)
  })

  it('refuses a port in use with one line and exit 1', async () => {
    const taken: Server = createServer()
    await new Promise<void>(resolve => taken.listen(0, '127.0.0.1', resolve))
    const {port} = taken.address() as {port: number}
    try {
      const result = await runCli(['sandbox', '--port', String(port)])
      expect(result.code).toBe(1)
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(`Error: port ${port} on 127.0.0.1 is already in use: choose another --port, or --port 0 for a free one\n`)
    } finally {
      await new Promise(resolve => taken.close(resolve))
    }
  })

  it('refuses a port out of range as a usage error', async () => {
    const result = await runCli(['sandbox', '--port', '65536'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^Error: .*65535/)
  })

  it('warns that the tokens are well-known when it listens beyond loopback', async () => {
    const started = await sandbox(['--host', '0.0.0.0'])
    await expect.poll(() => started.stderr()).toMatch(/^Warning: listening on 0\.0\.0\.0, not on loopback: .*tokens are well-known/)
    expect(started.firstLine).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/)
    expect((await stop(started, 'SIGTERM')).code).toBe(0)
  })

  it('says in one line that an installation without dist/sandbox has no sandbox', async () => {
    const root = resolve(import.meta.dirname, '../..')
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-no-sandbox-'))
    cpSync(join(root, 'bin'), join(dir, 'bin'), {recursive: true})
    mkdirSync(join(dir, 'dist'))
    for (const file of ['dist/runtime.cjs', 'package.json', 'oclif.manifest.json', 'oclif.help.json']) copyFileSync(join(root, file), join(dir, file))
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
    const result = await runCli(['sandbox'], {bin: join(dir, 'bin/run.js')})
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Error: this installation has no sandbox \(.*dist\/sandbox\/server\.js is missing\): reinstall forgectl[^\n]*\n$/)
  })

  it('rehearses a CI job as the README shows: sandbox in the background, the job at once, kill, exit 0 all round', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-rehearse-'))
    // `forgectl` on PATH, as installed; the job starts before the sandbox listens, and forgectl's retry
    // of a refused connection (nothing reached the server) carries it over that moment
    symlinkSync(BIN, join(dir, 'forgectl'))
    writeFileSync(join(dir, 'my-ci-job.sh'), '#!/bin/sh\nset -e\nforgectl labels create ci-ready --color "#00ff00" -p acme/website -q\nforgectl labels get ci-ready -p acme/website --json\n')
    chmodSync(join(dir, 'my-ci-job.sh'), 0o755)
    const port = await freePort()
    const script = `forgectl sandbox --port ${port} >/dev/null & FORGECTL_HOST=http://127.0.0.1:${port} FORGECTL_TOKEN=sandbox-admin-token ./my-ci-job.sh
echo "job $?"; kill $!; wait $!; echo "sandbox $?"`
    const {stdout} = await promisify(execFile)('bash', ['-c', script], {cwd: dir, env: {PATH: `${dir}:${process.env.PATH}`, HOME: process.env.HOME, FORGECTL_CONFIG_DIR: freshConfigDir()}})
    expect(stdout).toMatch(/"name": "ci-ready"/)
    expect(stdout).toMatch(/^job 0\nsandbox 0\n$/m)
  })
})

/** a port nothing listens on now (the system's pick for port 0, released) */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>(resolve => probe.listen(0, '127.0.0.1', resolve))
  const {port} = probe.address() as {port: number}
  await new Promise(resolve => probe.close(resolve))
  return port
}

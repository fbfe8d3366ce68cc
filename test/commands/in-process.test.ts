// The in-process runner (test/helpers/in-process.ts) leaves the test process as it found it, whatever
// the run did: the next run, and the test itself, must not see the last run's environment, streams,
// exit code or listeners. forgectl writes through the streams the runner hands in (src/core/base/io.ts),
// never to the process's own. (That it writes the binary's bytes is test/e2e/binary.test.ts.)
import {describe, expect, it} from 'vitest'
import {runCli} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const EVENTS = ['exit', 'SIGINT', 'SIGTERM', 'warning'] as const

function processState() {
  return {
    env: {...process.env},
    argv: [...process.argv],
    cwd: process.cwd(),
    exitCode: process.exitCode,
    exit: process.exit,
    console: globalThis.console,
    streams: [process.stdin, process.stdout, process.stderr],
    listeners: EVENTS.map(event => process.listenerCount(event)),
  }
}

describe('a run inside the test process', () => {
  it('puts back the environment, argv, cwd, streams, console, exit code and listeners', async () => {
    // the runner's first run installs, once per test process, what answers oclif's console, stdin and
    // exit for the run under way (in-process.ts): the process is then as every later run leaves it
    await sb.run(['labels', 'list', '-p', '20'])
    const before = processState()
    // a request (signal handlers, the V8 flag), an error exit through process.exit, stdin, env and cwd
    const sent = await sb.run(['api', 'POST', '/projects/20/labels', '--input', '-'], {as: 'maintainer', stdin: '{"name": "in-process", "color": "red"}', cwd: sb.configDir})
    expect(sent.code, sent.stderr).toBe(0)
    const refused = await sb.run(['labels', 'get', 'no-such-label', '-p', '20'])
    expect(refused.code).toBe(3)
    expect(processState()).toEqual(before)
    expect(process.env.FORGECTL_HOST).toBeUndefined()
  })

  it('gives the run the environment asked for, and only for the run', async () => {
    const dryRun = await runCli(['labels', 'list', '-p', '20', '--dry-run', '--host', 'http://127.0.0.1:9'], {env: {FORGECTL_TOKEN: 'in-process-token', FORGECTL_CONFIG_DIR: sb.configDir}})
    expect(dryRun.code, dryRun.stderr).toBe(0)
    expect(dryRun.stderr).toContain('GET http://127.0.0.1:9/api/v4/projects/20/labels')
    expect(process.env.FORGECTL_TOKEN).toBeUndefined()
    // without the token of the environment, the same command has none
    const without = await runCli(['labels', 'list', '-p', '20', '--host', sb.url], {env: {FORGECTL_CONFIG_DIR: sb.configDir}})
    expect(without.code).toBe(4)
  })

  it('reads standard input afresh in each run, and finds it empty when none is given', async () => {
    const first = await sb.run(['api', 'POST', '/projects/20/labels', '--input', '-'], {as: 'maintainer', stdin: '{"name": "stdin-one", "color": "red"}'})
    expect(first.json()).toMatchObject({name: 'stdin-one'})
    const second = await sb.run(['api', 'POST', '/projects/20/labels', '--input', '-'], {as: 'maintainer', stdin: '{"name": "stdin-two", "color": "red"}'})
    expect(second.json()).toMatchObject({name: 'stdin-two'})
    const empty = await sb.run(['api', 'POST', '/projects/20/labels', '--input', '-'], {as: 'maintainer'})
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('--input is not valid JSON')
  })
  it("writes data, notes, traces, errors and help to the streams it is handed, never to the process's own", async () => {
    // oclif's command module adds an 'error' listener to process.stdout as it loads, once per test process
    await sb.run(['labels', 'list', '-p', '20'])
    const listening = () => [process.stdout, process.stderr].map(stream => stream.eventNames().map(event => [event, stream.listenerCount(event)]))
    const before = listening()
    const reached: string[] = []
    const writes = [process.stdout.write, process.stderr.write] as const
    const record = ((chunk: unknown) => {
      reached.push(String(chunk))
      return true
    }) as typeof process.stdout.write
    process.stdout.write = record
    process.stderr.write = record
    let runs: Array<{stdout: string; stderr: string}>
    try {
      runs = [
        await sb.run(['labels', 'list', '-p', '20', '--verbose', '--json']),
        await sb.run(['labels', 'delete', 'no-such-label', '-p', '20', '--yes'], {as: 'maintainer'}),
        await sb.run(['labels', 'list', '--help']),
      ]
    } finally {
      ;[process.stdout.write, process.stderr.write] = writes
    }
    expect(reached).toEqual([])
    // nor does it leave anything on them (oclif's execute left a 'drain' listener per run)
    expect(listening()).toEqual(before)
    const [list, failed, help] = runs
    expect(list!.stdout).toMatch(/^\[/)
    expect(list!.stderr).toContain('> GET ')
    expect(failed!.stderr).toMatch(/^Error: /)
    expect(help!.stdout).toContain('USAGE')
  })
})

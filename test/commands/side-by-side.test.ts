// Runs under way at once in one process each keep their own streams, environment, standard input,
// clock and exit code (issue 38): the run's IO is handed to the run (src/core/base/io.ts), not set in a
// variable that the last run to start sets for all, and the in-process runner (test/helpers/in-process.ts)
// no longer runs one at a time. The server holds every answer until all the runs' requests have
// arrived, so every run is under way when any prints; runs taken one at a time would wait for ever.
import {dirname} from 'node:path'
import {Readable, Writable} from 'node:stream'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {AuditedToken} from '../../src/api/token-audit.js'
import {BIN, cleanEnv, freshConfigDir, runCli} from '../helpers/cli.js'
import {type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {inProcessRuntime} from '../helpers/in-process.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
let server: HostileServer
/** how many requests the server holds before it answers them all */
let together = 2

beforeAll(async () => {
  // every answer waits until `together` requests have come in; then each names the project it was asked
  // for, the token it came with and the query it carried; project 404 is not found
  const waiting: Array<() => void> = []
  server = await startHostileServer((req, res) => {
    const answer = () => {
      const url = new URL(req.url ?? '/', server.url)
      const id = Number(/\/projects\/(\d+)/.exec(url.pathname)?.[1])
      const query = Object.fromEntries(url.searchParams)
      res.writeHead(id === 404 ? 404 : 200, {'content-type': 'application/json'})
      res.end(JSON.stringify(id === 404 ? {message: '404 Project Not Found'} : {id, name: `project of ${req.headers['private-token']}`, ...(url.search ? {query} : {})}))
    }
    waiting.push(answer)
    if (waiting.length >= together) for (const each of waiting.splice(0)) each()
  })
})

afterAll(() => server.close())

function buffer(): {stream: Writable; text(): string} {
  const chunks: Buffer[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
  })
  return {stream, text: () => Buffer.concat(chunks).toString('utf8')}
}

describe('runs side by side in one process', () => {
  it('each reads its own environment and writes to its own streams', async () => {
    const runtime = inProcessRuntime(BIN)
    // what a run adds to the process (its signal handlers, an exit check), taken off again as the runner does
    const EVENTS = ['exit', 'SIGINT', 'SIGTERM'] as const
    type Listener = (...args: unknown[]) => void
    const listeners = (event: string) => process.listeners(event as 'exit') as Listener[]
    const listening = EVENTS.map(listeners)
    const start = (token: string, project: string) => {
      const stdout = buffer()
      const stderr = buffer()
      const env = {...cleanEnv(), FORGECTL_HOST: server.url, FORGECTL_TOKEN: token, FORGECTL_CONFIG_DIR: freshConfigDir()}
      const done = runtime.execute({args: ['api', 'GET', `/projects/${project}`], dir: dirname(dirname(BIN)), io: {stdout: stdout.stream, stderr: stderr.stream, stdin: Readable.from([]), env}})
      return done.then(() => ({stdout: stdout.text(), stderr: stderr.text()}))
    }
    try {
      const [first, second] = await Promise.all([start('token-one', '1'), start('token-two', '2')])
      expect(first.stderr).toBe('')
      expect(second.stderr).toBe('')
      expect(JSON.parse(first.stdout)).toEqual({id: 1, name: 'project of token-one'})
      expect(JSON.parse(second.stdout)).toEqual({id: 2, name: 'project of token-two'})
    } finally {
      EVENTS.forEach((event, i) => {
        for (const listener of listeners(event)) if (!listening[i]!.includes(listener)) process.removeListener(event, listener)
      })
    }
  })
})

describe('the in-process runner', () => {
  it('runs commands side by side, each with its own environment, standard input and exit code', async () => {
    together = 4
    const run = (token: string, args: string[], stdin?: string) =>
      runCli(args, {env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: token, FORGECTL_CONFIG_DIR: freshConfigDir()}, ...(stdin === undefined ? {} : {stdin})})
    const [one, two, three, missing] = await Promise.all([
      // a GET's --input is its query: what each run read from its standard input comes back
      run('token-one', ['api', 'GET', '/projects/1', '--input', '-'], '{"mark": "stdin one"}'),
      run('token-two', ['api', 'GET', '/projects/2', '--input', '-'], '{"mark": "stdin two"}'),
      run('token-three', ['api', 'GET', '/projects/3']),
      run('token-four', ['projects', 'get', '404', '--json']),
    ])
    expect([one!.code, two!.code, three!.code, missing!.code]).toEqual([0, 0, 0, 3])
    expect(one!.json()).toEqual({id: 1, name: 'project of token-one', query: {mark: 'stdin one'}})
    expect(two!.json()).toEqual({id: 2, name: 'project of token-two', query: {mark: 'stdin two'}})
    expect(three!.json()).toEqual({id: 3, name: 'project of token-three'})
    expect([one!.stderr, two!.stderr, three!.stderr]).toEqual(['', '', ''])
    expect(missing!.stdout).toBe('')
    expect(missing!.stderr).toMatch(/^Error: .*404/)
  })

  it('runs commands side by side, each counting from its own clock', async () => {
    const DAY = 86_400_000
    // the sandbox's seed makes dave's nightly-backup expire 3 days from the real today
    const audits = await Promise.all([0, 1, 2].map(days => sb.run(['tokens', 'audit', '--json'], {as: 'admin', now: Date.now() + days * DAY})))
    const reasons = audits.map(audit => audit.json<AuditedToken[]>().find(token => token.name === 'nightly-backup')?.reasons)
    expect(reasons).toEqual([['expires in 3 days'], ['expires in 2 days'], ['expires in 1 day']])
  })
})

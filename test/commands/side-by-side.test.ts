// Two runs under way at once in one process each keep their own streams and environment (issue 38): the
// run's IO travels with the run (src/core/base/io.ts), not in a variable that the last run to start
// sets for all. The runs here call the bundle's execute() directly and side by side, as an in-process
// test runner that no longer serialises its runs would: each hands in its own buffers and environment,
// and the server holds the first run's answer until the second run's request has arrived, so both are
// under way when either prints.
import {dirname} from 'node:path'
import {Readable, Writable} from 'node:stream'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {BIN, cleanEnv, freshConfigDir} from '../helpers/cli.js'
import {type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {inProcessRuntime} from '../helpers/in-process.js'

let server: HostileServer

beforeAll(async () => {
  // every answer waits until two requests have come in, then each names the project it was asked for
  const waiting: Array<() => void> = []
  server = await startHostileServer((req, res) => {
    const answer = () => {
      res.writeHead(200, {'content-type': 'application/json'})
      res.end(JSON.stringify({id: Number(/\/projects\/(\d+)/.exec(req.url ?? '')?.[1]), name: `project of ${req.headers['private-token']}`}))
    }
    waiting.push(answer)
    if (waiting.length >= 2) for (const each of waiting.splice(0)) each()
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
    const exitListeners = process.listeners('exit')
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
      for (const listener of process.listeners('exit')) if (!exitListeners.includes(listener)) process.removeListener('exit', listener)
    }
  })
})

// A username lookup answered by a server that is not quite the platform (issue 27): the ID taken from
// the answer goes into the command's own path, a write's too, so only a user ID the server could have
// given is used; anything else ends the command before its own request, in one line.
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

const TOKEN = 'glpat-username-lookup-0123456789'
let server: HostileServer

beforeAll(async () => {
  server = await startHostileServer()
})
afterAll(async () => {
  await server?.close()
})
beforeEach(() => {
  server.requests.splice(0)
})

const forgectl = (args: string[]) => runCli([...args, '--retries', '0'], {env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: TOKEN, FORGECTL_CONFIG_DIR: freshConfigDir()}})

describe('a username lookup answered oddly', () => {
  it.each([
    ['without an id', [{username: 'bob'}]],
    ['with a negative id', [{username: 'bob', id: -4}]],
    ['with an id that is text', [{username: 'bob', id: '../../admin'}]],
    ['with a fractional id', [{username: 'bob', id: 1.5}]],
  ])('a user %s: exit 1, one line, and the write is never sent', async (_, body) => {
    server.answer(answers.json(200, body))
    const result = await forgectl(['tokens', 'create', '--user', 'bob', '--name', 'ci', '--scope', 'api'])
    expect(result.code, result.stderr).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      `Error: unexpected answer from ${server.url}: GET /api/v4/users?username=bob returned a JSON object without a numeric id and a username, so it is not the API's user record; is --host the server's base URL (without /api/v4)?\n`,
    )
    expect(server.requests.map(r => `${r.method} ${r.url}`)).toEqual(['GET /api/v4/users?username=bob'])
  })

  it('a username that is not text is no match: not found (exit 3), no crash', async () => {
    server.answer(answers.json(200, [{username: 5, id: 3}, null, 'bob']))
    const result = await forgectl(['users', 'get', 'bob'])
    expect(result.code, result.stderr).toBe(3)
    expect(result.stderr).toBe('Error: no user has the username "bob" (GET /users?username=bob found none)\n')
    expect(server.requests).toHaveLength(1)
  })

  it('an ID beyond 2^53 is used as the server wrote it', async () => {
    server.answer(answers.json(200, '[{"username":"BOB","id":9007199254740993},{"username":"bobby","id":4}]'))
    await forgectl(['users', 'get', 'bob'])
    expect(server.requests.map(r => r.url)).toEqual(['/api/v4/users?username=bob', '/api/v4/users/9007199254740993'])
  })

  it('@123 is the user whose username is 123, looked up; 123 is user 123', async () => {
    server.answer(answers.json(200, [{username: '123', id: 42}]))
    const named = await forgectl(['tokens', 'list', '--user', '@123', '--dry-run'])
    expect(named.code, named.stderr).toBe(0)
    expect(named.stderr).toContain(`DRY RUN GET ${server.url}/api/v4/personal_access_tokens?user_id=42`)
    expect(server.requests.map(r => r.url)).toEqual(['/api/v4/users?username=123'])
    server.requests.splice(0)
    const id = await forgectl(['tokens', 'list', '--user', '123', '--dry-run'])
    expect(id.stderr).toContain(`DRY RUN GET ${server.url}/api/v4/personal_access_tokens?user_id=123`)
    expect(server.requests).toEqual([])
  })

  it('deploy-keys list -u @123 looks 123 up, since its path reads digits as an ID', async () => {
    server.answer(answers.json(200, [{username: '123', id: 42}]))
    await forgectl(['deploy-keys', 'list', '-u', '@123'])
    expect(server.requests.map(r => r.url)).toEqual(['/api/v4/users?username=123', '/api/v4/users/42/project_deploy_keys'])
  })
})

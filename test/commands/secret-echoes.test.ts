// Issue 23, point 7, attacked: a server that echoes a secret in another form than it was sent
// (escaped inside a JSON text, URL- or form-encoded, HTML-escaped, base64), in a header of its answer,
// or a URL's credentials in a copy it normalised; and a careless user who types a mirror's URL where
// no flag takes it. None of them may show the secret (hostile test server; the secret is asserted
// absent from stdout and stderr).
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

let server: HostileServer
beforeAll(async () => {
  server = await startHostileServer()
})
afterAll(async () => {
  await server?.close()
})

const token = 'glpat-secret-echoes-0123456789'
const forgectl = (args: string[]) => runCli([...args, '--retries', '0'], {env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: token, FORGECTL_CONFIG_DIR: freshConfigDir()}})

// quotes, a slash, a space, an ampersand and a backslash: every form below differs from the value
const secret = `p@ss"w/rd &x\\Zq8vXk2pLm`
const forms: Array<[string, string]> = [
  ['escaped as in a JSON text', JSON.stringify(secret).slice(1, -1)],
  ['URL-encoded', encodeURIComponent(secret)],
  ['form-encoded', encodeURIComponent(secret).replaceAll('%20', '+')],
  ['HTML-escaped', secret.replaceAll('&', '&amp;').replaceAll('"', '&quot;')],
  ['base64', Buffer.from(secret).toString('base64')],
]

describe('a secret echoed in another form than it was sent', () => {
  it.each(forms)('%s, in a plain-text 400 and an HTML 502: the error line and the trace hide it', async (_what, form) => {
    for (const answer of [answers.text(400, `value ${form} is not allowed`), answers.html(502, `bad value ${form}`)]) {
      server.answer(answer)
      const result = await forgectl(['ci-variables', 'create', 'ECHOED', '--value', secret, '--verbose'])
      expect(result.code, result.stderr).not.toBe(0)
      expect(result.stdout + result.stderr).not.toContain(form)
      expect(result.stderr).toContain('[REDACTED]')
    }
  })

  it('in a header of the answer, as the token is: the --verbose trace shows neither', async () => {
    server.answer(answers.json(500, {message: 'no'}, {'x-total': secret, 'x-next-page': token}))
    const result = await forgectl(['ci-variables', 'create', 'ECHOED', '--value', secret, '--verbose'])
    expect(result.code, result.stderr).toBe(1)
    expect(result.stderr).toMatch(/^< x-total: \[REDACTED\]$/m)
    expect(result.stdout + result.stderr).not.toContain('Zq8vXk2pLm')
    expect(result.stdout + result.stderr).not.toContain(token)
  })
})

describe("a URL's credentials", () => {
  const url = 'https://bot:Zq8vXk2pLmMirror@Mirror.Example.com/a.git'

  it("in the server's normalised copy (host in lower case, a slash added) of a mirror's URL", async () => {
    server.answer(answers.json(400, {message: {url: ['https://bot:Zq8vXk2pLmMirror@mirror.example.com/a.git/ is blocked']}}))
    const result = await forgectl(['mirrors', 'create', '-p', '1', '--url', url, '--verbose'])
    expect(result.code, result.stderr).toBe(6)
    expect(result.stdout + result.stderr).not.toContain('Zq8vXk2pLmMirror')
    expect(result.stderr).toContain('https://[REDACTED]@mirror.example.com/a.git/ is blocked')
  })

  it('typed as an argument that no command takes: the refusal names the word without them', async () => {
    const before = server.requests.length
    const result = await forgectl(['labels', 'list', '-p', '1', url])
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).not.toContain('Zq8vXk2pLmMirror')
    expect(result.stderr).toContain('unexpected argument "https://[REDACTED]@Mirror.Example.com/a.git"')
    expect(server.requests.length).toBe(before)
  })
})

describe('a word out of place on a command that takes a secret is not quoted: it may be the secret', () => {
  it.each([
    [['ci-variables', 'create', 'K', 'stray-Zq8vXk2pLm', '--masked'], 'ci-variables create [KEY]'],
    [['hooks', 'url-variables', 'set', '3', 'k', 'v', 'stray-Zq8vXk2pLm'], 'hooks url-variables set HOOK_ID KEY VALUE'],
    [['mirrors', 'create', '-p', '1', 'https://bot:Zq8vXk2pLm@h.example/a.git'], 'mirrors create -p <value> --url <value>'],
    // a token typed where the command takes no word, or after the value: the job of these is to take one
    [['auth', 'login', '--host', 'http://127.0.0.1:1', 'glpat-Zq8vXk2pLm'], 'auth login [FLAGS]'],
    // right after the command's name, the word reaches oclif as a longer name (the not-found hook)
    [['auth', 'login', 'glpat-Zq8vXk2pLm'], 'auth login [FLAGS]'],
    [['mirrors', 'create', 'Zq8vXk2pLm', '-p', '1'], 'mirrors create -p <value> --url <value>'],
  ])('%j', async (args, usage) => {
    const before = server.requests.length
    const result = await forgectl(args)
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).not.toContain('Zq8vXk2pLm')
    expect(result.stderr).toContain('Error: unexpected argument (1 word, not shown: this command takes a secret, and a word out of place may be it)')
    expect(result.stderr).toContain(`Usage: forgectl ${usage}`)
    expect(server.requests.length).toBe(before)
  })
})

describe('api -f without key=: the word may be the value alone', () => {
  it('-f WORD, -f =WORD and -F WORD are refused by their place, never quoted, nothing sent', async () => {
    const before = server.requests.length
    for (const [flag, word] of [
      ['-f', 'Zq8vXk2pLm'],
      ['-f', '=Zq8vXk2pLm'],
      ['-F', 'Zq8vXk2pLm'],
    ] as const) {
      const result = await forgectl(['api', 'POST', '/projects/1/variables', '-f', 'key=K', flag, word])
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).not.toContain('Zq8vXk2pLm')
      expect(result.stderr).toMatch(new RegExp(`^Error: ${flag} takes key=value, and the (1st|2nd) ${flag} has no key before "="`))
    }
    expect(server.requests.length).toBe(before)
  })
})

describe('config set token with a word after the value: the token may be either word', () => {
  it('counts the word out of place, quotes neither, and stores nothing', async () => {
    const dir = freshConfigDir()
    const result = await runCli(['config', 'set', 'token', 'glpat-Zq8vX', 'k2pLm'], {env: {FORGECTL_CONFIG_DIR: dir}})
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).not.toMatch(/Zq8vX|k2pLm/)
    expect(result.stderr).toContain('Error: unexpected argument (1 word, not shown: this command takes a secret')
    expect(result.stderr).toContain('Usage: forgectl config set KEY [VALUE]')
    expect(existsSync(join(dir, 'config.json'))).toBe(false)
  })
})

describe('forgectl api knows the secret inputs of the endpoints it is pointed at', () => {
  const value = 'api-value-Zq8vXk2pLm'

  it('a CI/CD variable written through api: the dry run, the trace, the error and the printed answer hide it', async () => {
    const dry = await forgectl(['api', 'POST', '/admin/ci/variables', '-f', 'key=K', '-f', `value=${value}`, '--dry-run'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout + dry.stderr).toContain('"value":"[REDACTED]"')
    for (const path of ['/admin/ci/variables', 'api/v4/projects/1/variables', '/groups/a%2Fb/variables/K', '/hooks/3/url_variables/k']) {
      server.answer(answers.json(400, {message: {value: [`${value} is invalid`]}}))
      const refused = await forgectl(['api', 'PUT', path, '-f', `value=${value}`, '--verbose'])
      expect(refused.code, refused.stderr).toBe(6)
      expect(refused.stdout + refused.stderr, path).not.toContain('Zq8vXk2pLm')
    }
    server.answer(answers.json(201, {key: 'K', value}))
    const created = await forgectl(['api', 'POST', '/admin/ci/variables', '-f', 'key=K', '-f', `value=${value}`, '--json'])
    expect(created.code, created.stderr).toBe(0)
    expect(JSON.parse(created.stdout)).toEqual({key: 'K', value: '[REDACTED]'})
  })

  it("a hook's URL and token through api; a read prints the value (its purpose) and traces none", async () => {
    const dry = await forgectl(['api', 'POST', '/projects/1/hooks', '-f', 'url=https://in.example/Zq8vXk2pLm', '-f', 'token=tok-Zq8vXk2pLm', '--dry-run'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stdout + dry.stderr).not.toContain('Zq8vXk2pLm')
    server.answer(answers.json(200, {key: 'K', value}))
    const read = await forgectl(['api', 'GET', '/admin/ci/variables/K', '--verbose', '--json'])
    expect(read.code, read.stderr).toBe(0)
    expect(JSON.parse(read.stdout)).toEqual({key: 'K', value})
    expect(read.stderr).not.toContain('Zq8vXk2pLm')
  })

  it('a field sent to a path with no declared secret is shown as it is', async () => {
    const dry = await forgectl(['api', 'POST', '/projects/1/labels', '-f', 'name=x', '-f', `value=${value}`, '--dry-run'])
    expect(dry.stdout + dry.stderr).toContain(value)
  })
})

// When --host is not the API: a scripted server answers what real networks answer (a web server's
// welcome page, a proxy's error page, text, an empty or broken body, a redirect elsewhere). Each
// answer must end the command with exit 1 (or the status's code), exactly one line on stderr, nothing
// on stdout, the token nowhere, and no file left behind.
import {mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {freshConfigDir, type RunResult, runCli} from '../helpers/cli.js'
import {answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

const TOKEN = 'glpat-foreign-answers-0123456789'
const NGINX_WELCOME = answers.html(200, 'Welcome to nginx!', '<p>If you see this page, the nginx web server is successfully installed and working.</p>')
const HOST_HINT = "is --host the server's base URL (without /api/v4)?"

let server: HostileServer
/** another origin (another port): a redirect there must never reach it */
let elsewhere: HostileServer

beforeAll(async () => {
  ;[server, elsewhere] = await Promise.all([startHostileServer(), startHostileServer(answers.json(200, []))])
})
afterAll(async () => {
  await Promise.all([server?.close(), elsewhere?.close()])
})
beforeEach(() => {
  server.requests.splice(0)
  elsewhere.requests.splice(0)
})

interface Run extends RunResult {
  /** files the run left in its config folder and its working folder */
  leftBehind: string[]
}

/** no retries unless asked: a refused answer is final, and the server's request log stays exact */
async function forgectl(args: string[], env: Record<string, string> = {}, retries = 0): Promise<Run> {
  const configDir = freshConfigDir()
  const cwd = mkdtempSync(join(tmpdir(), 'forgectl-cwd-'))
  const result = await runCli([...args, '--retries', String(retries)], {cwd, env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: TOKEN, FORGECTL_CONFIG_DIR: configDir, ...env}})
  return Object.assign(result, {leftBehind: [...readdirSync(configDir), ...readdirSync(cwd)]})
}

/** the shape every refused answer shares; returns the one error line */
function refused(result: Run, exitCode = 1): string {
  expect(result.stdout).toBe('')
  expect(result.code, result.stderr).toBe(exitCode)
  const lines = result.stderr.split('\n').filter(Boolean)
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^Error: /)
  expect(result.stderr).not.toContain(TOKEN)
  expect(result.leftBehind).toEqual([])
  return lines[0]!
}

describe('a 2xx that is not what the endpoint promises', () => {
  it("labels list against a web server's welcome page fails instead of printing the page as a list", async () => {
    server.answer(NGINX_WELCOME)
    const line = refused(await forgectl(['labels', 'list', '-p', '20']))
    expect(line).toBe(`Error: unexpected answer from ${server.url}: 200 text/html, not the API's JSON (GET /api/v4/projects/20/labels); ${HOST_HINT}`)
  })

  it('labels delete against the welcome page does not report "Deleted"', async () => {
    server.answer(NGINX_WELCOME)
    const result = await forgectl(['labels', 'delete', 'bug', '-p', '20', '--yes'])
    expect(refused(result)).toContain("200 text/html, not the API's JSON (DELETE /api/v4/projects/20/labels/bug)")
    expect(result.stderr).not.toMatch(/deleted/i)
  })

  it('labels get against the welcome page fails', async () => {
    server.answer(NGINX_WELCOME)
    expect(refused(await forgectl(['labels', 'get', 'bug', '-p', '20']))).toContain(`200 text/html, not the API's JSON (GET /api/v4/projects/20/labels/bug); ${HOST_HINT}`)
  })

  it('a text/plain 200 is not a record', async () => {
    server.answer(answers.text(200, 'OK'))
    expect(refused(await forgectl(['labels', 'get', 'bug', '-p', '20']))).toContain(`200 text/plain, not the API's JSON`)
  })

  it('an empty 200 where a record is due is refused', async () => {
    server.answer(answers.empty(200))
    expect(refused(await forgectl(['labels', 'get', 'bug', '-p', '20']))).toBe(
      `Error: unexpected answer from ${server.url}: 200 with an empty body, where GET /api/v4/projects/20/labels/bug returns a record`,
    )
  })

  it('broken JSON is asked for again (a GET), then reported in one line', async () => {
    server.answer(answers.json(200, '{"id": 1, "name": "bu'))
    const result = await forgectl(['labels', 'get', 'bug', '-p', '20'], {}, 1)
    expect(refused(result)).toContain('200 application/json, but the server sent malformed JSON (GET /api/v4/projects/20/labels/bug)')
    expect(server.requests).toHaveLength(2)
  })

  it('a JSON object where a list is expected is refused, not printed as a list of one', async () => {
    server.answer(answers.json(200, {id: 1, name: 'bug'}))
    expect(refused(await forgectl(['labels', 'list', '-p', '20']))).toBe(`Error: unexpected answer from ${server.url}: 200 with a JSON object, where GET /api/v4/projects/20/labels returns a list`)
  })

  it('a download that turns out to be a web page is refused and leaves no file', async () => {
    server.answer(NGINX_WELCOME)
    expect(refused(await forgectl(['api', 'GET', '/projects/20/export/download', '--download', 'export.tar.gz']))).toContain(
      `200 text/html, a web page instead of the file (GET /api/v4/projects/20/export/download); ${HOST_HINT}`,
    )
  })
})

describe('-q lines a script reads', () => {
  it('stay one per record, fields one per tab, whatever the values hold: a tab or line break is written escaped, with a warning', async () => {
    server.answer(
      answers.json(200, [
        {id: '7\n8', name: 'bug\turgent\r\nlow'},
        {id: 9, name: 'ok'},
      ]),
    )
    const handles = await forgectl(['labels', 'list', '-p', '20', '-q'])
    expect(handles.code, handles.stderr).toBe(0)
    // read as two lines, `| xargs forgectl labels delete` would have deleted label 8, which nobody listed
    expect(handles.stdout).toBe('7\\n8\n9\n')
    expect(handles.stderr).toBe('Warning: a value held a tab or a line break, written as \\t, \\n or \\r so that each record stays one line\n')
    const fields = await forgectl(['labels', 'list', '-p', '20', '-q', '--columns', 'name,id'])
    expect(fields.stdout.split('\n').map(line => line.split('\t'))).toEqual([['bug\\turgent\\r\\nlow', '7\\n8'], ['ok', '9'], ['']])
  })
})

describe('auth against a server that is not the API', () => {
  it('auth login stores nothing when GET /user answers a web page', async () => {
    server.answer(NGINX_WELCOME)
    const result = await forgectl(['auth', 'login', '--host', server.url, '--token', TOKEN], {FORGECTL_TOKEN: ''})
    expect(refused(result)).toContain(`200 text/html, not the API's JSON (GET /api/v4/user); ${HOST_HINT}`)
    expect(result.stderr).not.toContain('Logged in')
  })

  it('auth login stores nothing when GET /user is JSON but no user record', async () => {
    server.answer(answers.json(200, {status: 'ok'}))
    const result = await forgectl(['auth', 'login', '--host', server.url, '--token', TOKEN], {FORGECTL_TOKEN: ''})
    expect(refused(result)).toBe(
      `Error: unexpected answer from ${server.url}: GET /api/v4/user returned a JSON object without a numeric id and a username, so it is not the API's user record; ${HOST_HINT}`,
    )
  })

  it('auth status does not accept the token when GET /user answers a web page', async () => {
    server.answer(NGINX_WELCOME)
    const result = await forgectl(['auth', 'status', '--json'])
    // auth status reports the connection on stdout even when the check fails (as for a rejected token)
    expect(result.json()).toMatchObject({host: server.url, user: null, accepted: false})
    expect(result.code).toBe(1)
    const lines = result.stderr.split('\n').filter(Boolean)
    expect(lines).toEqual([expect.stringContaining(`Error: unexpected answer from ${server.url}: 200 text/html`)])
    expect(result.stdout + result.stderr).not.toContain(TOKEN)
  })
})

describe('HTML error pages are summarised on the error line', () => {
  it('a web server\'s 404 page: its title, tags stripped, and exit 1 with the --host hint, not the "not found" of the API', async () => {
    server.answer(answers.html(404, '404 Not Found', '<hr><center>nginx/1.25.3</center>'))
    expect(refused(await forgectl(['labels', 'get', 'bug', '-p', '20']), 1)).toBe(
      'Error: 404 Not Found: HTML page "404 Not Found" (GET /api/v4/projects/20/labels/bug), a web page rather than the API\'s JSON; is --host the server\'s base URL (without /api/v4)?',
    )
  })

  it("the API's own JSON 404 keeps exit 3", async () => {
    server.answer(answers.json(404, {message: '404 Label Not Found'}))
    expect(refused(await forgectl(['labels', 'get', 'bug', '-p', '20']), 3)).toBe('Error: 404 Not Found: Label Not Found (GET /api/v4/projects/20/labels/bug)')
  })

  it('a 502 page without a title: its first words, at most about 120 characters', async () => {
    const words = Array.from({length: 60}, (_, i) => `word${i}`).join(' ')
    server.answer(answers.text(502, `<html><head><style>p {color: red}</style><script>var x = 1</script></head><body><h1>Bad &amp; gateway</h1><p>${words}</p></body></html>`, 'text/html'))
    const line = refused(await forgectl(['labels', 'list', '-p', '20']))
    const summary = line.match(/HTML page "(.*)" \(GET/)?.[1] ?? ''
    expect(line).toMatch(/^Error: 502 Bad Gateway: HTML page "Bad & gateway word0 word1 .*\.\.\." \(GET \/api\/v4\/projects\/20\/labels\)$/)
    expect(summary.length).toBeLessThanOrEqual(120)
    expect(line).not.toMatch(/[<>]|color|var x/)
  })
})

describe('redirects: the token never leaves its origin', () => {
  it('a GET redirected to another origin is not followed, and that origin receives nothing', async () => {
    server.answer(answers.redirect(302, `${elsewhere.url}/api/v4/projects/20/labels?private_token=leak&X-Amz-Signature=abc123`))
    const line = refused(await forgectl(['labels', 'list', '-p', '20']))
    expect(line).toContain(
      `GET ${server.url}/api/v4/projects/20/labels was redirected (302) to ${elsewhere.url}/api/v4/projects/20/labels?private_token=[REDACTED]&X-Amz-Signature=[REDACTED], another origin: not followed`,
    )
    expect(line).toContain(`use --host ${elsewhere.url}`)
    expect(line).not.toMatch(/leak|abc123/)
    expect(elsewhere.requests).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('the same host on https is another origin too (http → https is a --host to fix, not a hop)', async () => {
    const https = server.url.replace('http:', 'https:')
    server.answer(answers.redirect(301, `${https}/api/v4/projects/20/labels`))
    expect(refused(await forgectl(['labels', 'list', '-p', '20']))).toContain(`use --host ${https}`)
    expect(server.requests).toHaveLength(1)
  })

  it('a DELETE redirected to another origin is not replayed there, and no token travels', async () => {
    server.answer(answers.redirect(307, `${elsewhere.url}/api/v4/projects/20/labels/bug`))
    const result = await forgectl(['labels', 'delete', 'bug', '-p', '20', '--yes'])
    expect(refused(result)).toContain('another origin: not followed')
    expect(result.stderr).not.toMatch(/deleted/i)
    expect(elsewhere.requests).toEqual([])
    expect(server.requests.map(r => r.method)).toEqual(['DELETE'])
  })

  it('a download redirected to another origin is refused too, leaves no file, and names --follow-redirects', async () => {
    server.answer(answers.redirect(302, `${elsewhere.url}/bucket/export.tar.gz?X-Amz-Signature=abc123`))
    const line = refused(await forgectl(['api', 'GET', '/projects/20/export/download', '--download', 'export.tar.gz']))
    expect(line).toContain(`to ${elsewhere.url}/bucket/export.tar.gz?X-Amz-Signature=[REDACTED], another origin: not followed`)
    expect(line).toContain('if the file is kept there (object storage), --follow-redirects (or `forgectl config set follow-redirects true`) fetches it from there without the token')
    expect(elsewhere.requests).toEqual([])
  })

  it('with --follow-redirects a download is fetched from object storage, without the token there', async () => {
    server.answer(answers.redirect(302, `${elsewhere.url}/bucket/export.tar.gz?X-Amz-Signature=abc123`))
    elsewhere.answer(answers.text(200, 'the archive', 'application/gzip'))
    const target = join(mkdtempSync(join(tmpdir(), 'forgectl-offsite-')), 'export.tar.gz')
    const result = await forgectl(['api', 'GET', '/projects/20/export/download', '--download', target, '--follow-redirects', '--verbose'])
    expect(result.code, result.stderr).toBe(0)
    expect(readFileSync(target, 'utf8')).toBe('the archive')
    expect(server.requests.map(r => r.headers['private-token'])).toEqual([TOKEN])
    expect(elsewhere.requests.map(r => [r.url, r.headers['private-token']])).toEqual([['/bucket/export.tar.gz?X-Amz-Signature=abc123', undefined]])
    expect(result.stderr).toContain(`< 302 redirect to ${elsewhere.url}/bucket/export.tar.gz?X-Amz-Signature=[REDACTED] (another origin: sent without the token)`)
    expect(result.stderr).not.toMatch(new RegExp(`${TOKEN}|abc123`))
    expect(result.stdout).toBe('')
  })

  it("a profile's follow-redirects follows without the flag, and --no-follow-redirects still refuses", async () => {
    server.answer(answers.redirect(302, `${elsewhere.url}/bucket/export.tar.gz?X-Amz-Signature=abc123`))
    elsewhere.answer(answers.text(200, 'the archive', 'application/gzip'))
    const configDir = freshConfigDir()
    expect((await runCli(['config', 'set', 'follow-redirects', 'true'], {env: {FORGECTL_CONFIG_DIR: configDir}})).code).toBe(0)
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-offsite-'))
    const followed = await forgectl(['api', 'GET', '/projects/20/export/download', '--download', join(dir, 'a.tar.gz')], {FORGECTL_CONFIG_DIR: configDir})
    expect(followed.code, followed.stderr).toBe(0)
    expect(readFileSync(join(dir, 'a.tar.gz'), 'utf8')).toBe('the archive')
    expect(elsewhere.requests.map(r => r.headers['private-token'])).toEqual([undefined])
    const refusedRun = await forgectl(['api', 'GET', '/projects/20/export/download', '--download', join(dir, 'b.tar.gz'), '--no-follow-redirects'], {FORGECTL_CONFIG_DIR: configDir})
    expect(refusedRun.code).toBe(1)
    expect(refusedRun.stderr).toContain('another origin: not followed')
    expect(elsewhere.requests).toHaveLength(1)
    expect(readdirSync(dir)).toEqual(['a.tar.gz'])
  })

  it("with --follow-redirects, storage's refusal is one line: its code and message, and who answered", async () => {
    server.answer(answers.redirect(302, `${elsewhere.url}/bucket/export.tar.gz?X-Amz-Signature=abc123`))
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
    elsewhere.answer(answers.text(403, xml, 'application/xml'))
    const line = refused(await forgectl(['api', 'GET', '/projects/20/export/download', '--download', 'export.tar.gz', '--follow-redirects']), 5)
    expect(line).toBe(`Error: 403 Forbidden: AccessDenied: Request has expired (GET /api/v4/projects/20/export/download, answered by ${new URL(elsewhere.url).host})`)
  })

  it('with --follow-redirects every file of relations-export download --all comes from storage; API reads keep the token', async () => {
    const entry = {relation: 'labels', status: 1, error: null, updated_at: '2026-11-24T10:00:00.000Z', batched: false, batches_count: 0}
    server.answer((req, res) => {
      if (req.url?.includes('/export_relations/status')) return answers.json(200, [entry, {...entry, relation: 'issues'}])(req, res)
      const relation = new URL(req.url ?? '/', server.url).searchParams.get('relation')
      return answers.redirect(307, `${elsewhere.url}/bucket/${relation}.ndjson.gz?X-Amz-Signature=abc123`)(req, res)
    })
    elsewhere.answer((req, res) => {
      res.writeHead(200, {'content-type': 'application/gzip', 'content-disposition': `attachment; filename="${req.url?.split('/')[2]?.split('?')[0]}"`})
      res.end(`bytes of ${req.url}`)
    })
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-offsite-'))
    const result = await forgectl(['relations-export', 'download', '-p', '20', '--all', dir, '--follow-redirects', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Array<{item: string; status: string}>>().map(row => row.status)).toEqual(['ok', 'ok'])
    expect(readdirSync(dir).sort()).toEqual(['issues.ndjson.gz', 'labels.ndjson.gz'])
    expect(readFileSync(join(dir, 'labels.ndjson.gz'), 'utf8')).toBe('bytes of /bucket/labels.ndjson.gz?X-Amz-Signature=abc123')
    expect(server.requests.every(r => r.headers['private-token'] === TOKEN)).toBe(true)
    expect(server.requests).toHaveLength(3)
    expect(elsewhere.requests.map(r => r.headers['private-token'])).toEqual([undefined, undefined])
  })

  it('a GET redirected within the origin is followed, with the token', async () => {
    server.answer((req, res) => {
      if (req.url?.startsWith('/api/v4/projects/old%2Fname/')) return answers.redirect(301, '/api/v4/projects/new%2Fname/labels/bug')(req, res)
      return answers.json(200, {id: 7, name: 'bug', color: '#d9534f'})(req, res)
    })
    const result = await forgectl(['labels', 'get', 'bug', '-p', 'old/name', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toMatchObject({id: 7, name: 'bug'})
    expect(server.requests.map(r => r.url)).toEqual(['/api/v4/projects/old%2Fname/labels/bug', '/api/v4/projects/new%2Fname/labels/bug'])
    expect(server.requests.map(r => r.headers['private-token'])).toEqual([TOKEN, TOKEN])
  })

  it('a POST redirected within the origin is not sent again', async () => {
    server.answer(answers.redirect(307, '/api/v4/projects/21/labels'))
    const line = refused(await forgectl(['labels', 'create', 'bug', '--color', '#d9534f', '-p', '20']))
    expect(line).toBe(`Error: POST ${server.url}/api/v4/projects/20/labels was redirected (307) to ${server.url}/api/v4/projects/21/labels: a POST is not sent again on a redirect; ${HOST_HINT}`)
    expect(server.requests.map(r => `${r.method} ${r.url}`)).toEqual(['POST /api/v4/projects/20/labels'])
  })
})

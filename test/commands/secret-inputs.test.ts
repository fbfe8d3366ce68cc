// Issue 23, point 7: a value given to an input the API layer declares secret (a CI/CD variable's value,
// a hook's URL and secret token, a URL variable, an orchestrator token) never reaches a trace, a dry
// run, a note or an error, and a command that took it prints its record with the value as [REDACTED],
// in every format. `ci-variables get` and `list`, which take no secret, still print values (stdout),
// while their --verbose traces hide them. Each test asserts the secret string appears nowhere.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {CiVariable} from '../../src/api/ci-variables.js'
import type {BulkRow} from '../../src/core/lists/bulk.js'
import {freshConfigDir, type RunResult, runCli} from '../helpers/cli.js'
import {answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const dir = mkdtempSync(join(tmpdir(), 'forgectl-secret-inputs-'))
const stored = async (key: string) => (await sb.api<CiVariable>('GET', `/admin/ci/variables/${key}`, {as: 'admin'})).body

let counter = 0
/** a fresh secret and key for each run: a leak of one run can never hide behind another's */
function fresh(): {key: string; secret: string} {
  counter++
  return {key: `SECRET_INPUT_${counter}`, secret: `s3cr3t-${counter}-Zq8vXk2pLm`}
}

function hides(result: RunResult, secret: string): void {
  expect(result.stdout).not.toContain(secret)
  expect(result.stderr).not.toContain(secret)
}

const FORMATS: Array<[string, string[], RegExp]> = [
  ['--json', ['--json'], /"value": "\[REDACTED\]"/],
  ['-o yaml', ['-o', 'yaml'], /^value: "\[REDACTED\]"$/m],
  ['-o csv', ['-o', 'csv'], /\[REDACTED\]/],
  ['-o ndjson', ['-o', 'ndjson'], /"value":"\[REDACTED\]"/],
  ['-o table', ['-o', 'table'], /^value\s+\[REDACTED\]$/m],
  ['--jq .value', ['--jq', '.value'], /^\[REDACTED\]$/m],
]

describe('ci-variables write commands print the record with the value hidden', () => {
  it.each(FORMATS)('create %s, with --verbose: the value is nowhere, [REDACTED] stands in its place', async (_name, format, marker) => {
    const {key, secret} = fresh()
    const result = await sb.run(['ci-variables', 'create', key, '--value', secret, '--masked', '--verbose', ...format], admin)
    expect(result.code, result.stderr).toBe(0)
    hides(result, secret)
    expect(result.stdout).toMatch(marker)
    expect(result.stderr).toContain('"value":"[REDACTED]"')
    expect((await stored(key)).value).toBe(secret)
  })

  it.each(FORMATS)('update %s, of an existing masked variable, from --value-file: hidden', async (_name, format, marker) => {
    const {key, secret} = fresh()
    await sb.api('POST', '/admin/ci/variables', {as: 'admin', body: {key, value: 'the-old-value-1234', masked: true}})
    const file = join(dir, key)
    writeFileSync(file, secret)
    const result = await sb.run(['ci-variables', 'update', key, '--value-file', file, '--verbose', ...format], admin)
    expect(result.code, result.stderr).toBe(0)
    hides(result, secret)
    expect(result.stdout + result.stderr).not.toContain('the-old-value-1234')
    expect(result.stdout).toMatch(marker)
    expect((await stored(key)).value).toBe(secret)
  })

  it.each(FORMATS)('set %s, the value from standard input (--value-file -), created then updated: hidden', async (_name, format, marker) => {
    const {key, secret} = fresh()
    for (const verb of ['Created', 'Updated']) {
      const result = await sb.run(['ci-variables', 'set', key, '--value-file', '-', '--verbose', ...format], {...admin, stdin: `${secret}\n`})
      expect(result.code, result.stderr).toBe(0)
      hides(result, secret)
      expect(result.stdout).toMatch(marker)
      expect(result.stderr).toContain(`${verb} instance CI/CD variable "${key}".`)
    }
    expect((await stored(key)).value).toBe(`${secret}\n`)
  })

  it('-q prints the key alone, as before', async () => {
    const {key, secret} = fresh()
    const result = await sb.run(['ci-variables', 'create', key, '--value', secret, '-q'], admin)
    expect(result.stdout).toBe(`${key}\n`)
    hides(result, secret)
  })

  it('an empty value is shown as it is: it hides nothing, and a script tells "empty" from "hidden"', async () => {
    const {key} = fresh()
    const result = await sb.run(['ci-variables', 'create', key, '--value', '', '--json'], admin)
    expect(result.json<CiVariable>().value).toBe('')
  })
})

describe('--dry-run shows the request with the value redacted', () => {
  it.each([
    ['create', (key: string) => ['create', key]],
    ['update', (key: string) => ['update', key]],
    ['set', (key: string) => ['set', key]],
  ])('%s, from --value and from --value-file -', async (_verb, command) => {
    for (const given of ['flag', 'stdin'] as const) {
      const {key, secret} = fresh()
      const args = ['ci-variables', ...command(key), ...(given === 'flag' ? ['--value', secret] : ['--value-file', '-']), '--masked', '--dry-run']
      const {result, requests} = await sb.runCounted(args, {...admin, stdin: given === 'stdin' ? secret : undefined})
      expect(result.code, result.stderr).toBe(0)
      expect(requests).toBe(0)
      expect(result.stderr).toMatch(/DRY RUN (POST|PUT) /)
      expect(result.stderr).toContain('"value":"[REDACTED]"')
      hides(result, secret)
    }
  })
})

describe('--from-file records (a file, or JSON on standard input)', () => {
  it('the report shows each created record with its value hidden; traces hide every value', async () => {
    const one = fresh()
    const two = fresh()
    const records = JSON.stringify([
      {key: one.key, value: one.secret, masked: true},
      {key: two.key, value: two.secret},
    ])
    const result = await sb.run(['ci-variables', 'create', '--from-file', '-', '--verbose', '--json'], {...admin, stdin: records})
    expect(result.code, result.stderr).toBe(0)
    for (const {secret} of [one, two]) hides(result, secret)
    const rows = result.json<BulkRow<CiVariable>[]>()
    expect(rows.map(r => [r.item, r.status, r.result?.value])).toEqual([
      [one.key, 'created', '[REDACTED]'],
      [two.key, 'created', '[REDACTED]'],
    ])
    expect((await stored(one.key)).value).toBe(one.secret)
  })

  it('a CSV file with --dry-run, in a table and in yaml', async () => {
    for (const extra of [['--dry-run'], ['-o', 'table', '--verbose'], ['-o', 'yaml']]) {
      const one = fresh()
      const file = join(dir, `${one.key}.csv`)
      writeFileSync(file, `key,value,masked\n${one.key},${one.secret},true\n`)
      const result = await sb.run(['ci-variables', 'create', '--from-file', file, ...extra], admin)
      expect(result.code, result.stderr).toBe(0)
      hides(result, one.secret)
    }
  })

  it('a record the server refuses: its error row and the error line never quote the value', async () => {
    const {key, secret} = fresh()
    await sb.api('POST', '/admin/ci/variables', {as: 'admin', body: {key, value: 'x'}})
    const result = await sb.run(['ci-variables', 'create', '--from-file', '-', '--json', '--verbose'], {...admin, stdin: JSON.stringify([{key, value: secret}])})
    expect(result.code).toBe(6)
    hides(result, secret)
    expect(result.json<BulkRow<CiVariable>[]>()[0]).toMatchObject({status: 'failed', error: expect.stringContaining('has already been taken')})
  })
})

describe('reads print values (their purpose) but never trace them', () => {
  it('get prints the value in every format; its --verbose trace hides it', async () => {
    const {key, secret} = fresh()
    await sb.api('POST', '/admin/ci/variables', {as: 'admin', body: {key, value: secret, masked: true}})
    for (const format of FORMATS) {
      const result = await sb.run(['ci-variables', 'get', key, '--verbose', ...format[1]], admin)
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toContain(secret)
      expect(result.stderr).not.toContain(secret)
      expect(result.stderr).toContain('"value":"[REDACTED]"')
    }
  })

  it('list --json prints the values; list --verbose traces none of them', async () => {
    const {key, secret} = fresh()
    await sb.api('POST', '/admin/ci/variables', {as: 'admin', body: {key, value: secret, masked: true}})
    const result = await sb.run(['ci-variables', 'list', '--all', '--verbose', '--json'], admin)
    expect(result.code).toBe(0)
    expect(result.json<CiVariable[]>().find(v => v.key === key)?.value).toBe(secret)
    expect(result.stderr).not.toContain(secret)
    expect(result.stderr).not.toContain('c2VlZGVkLXJlZ2lzdHJ5LXBhc3N3b3Jk')
  })
})

describe('hooks reads print the URL; their traces hide it', () => {
  it('hooks get and hooks list --verbose', async () => {
    const url = 'https://hooks.example.com/services/T1/B1/Zq8vXk2pLmRead'
    const created = await sb.api<{id: number}>('POST', '/hooks', {as: 'admin', body: {url}})
    for (const args of [
      ['hooks', 'get', String(created.body.id)],
      ['hooks', 'list', '--all'],
    ]) {
      const result = await sb.run([...args, '--verbose', '--json'], admin)
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toContain(url)
      expect(result.stderr).not.toContain('Zq8vXk2pLmRead')
      expect(result.stderr).toContain('"url":"[REDACTED]"')
    }
  })
})

describe('errors never quote a secret', () => {
  it("oclif's own refusal of --value with --value-file does not repeat the value", async () => {
    const {key, secret} = fresh()
    for (const value of [['--value', secret], [`--value=${secret}`]]) {
      const {result, requests} = await sb.runCounted(['ci-variables', 'create', key, ...value, '--value-file', '-'], {...admin, stdin: ''})
      expect(result.code).toBe(2)
      expect(requests).toBe(0)
      expect(result.stderr).toContain('--value and --value-file cannot be used together')
      hides(result, secret)
    }
  })

  it('a value refused locally is named, never shown', async () => {
    const {key} = fresh()
    const long = `${'k'.repeat(9_995)}Zq8vX7`
    const result = await sb.run(['ci-variables', 'create', key, '--value', long], admin)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--value: must be at most 10000 characters, not 10001')
    expect(result.stderr).not.toContain('Zq8vX7')
  })

  it('hooks url-variables set: the VALUE argument of a refused command line never shows', async () => {
    const secret = 'url-var-Zq8vXk2pLm'
    const result = await sb.run(['hooks', 'url-variables', 'set', '1', 'api_key', secret, 'extra'], admin)
    expect(result.code).toBe(2)
    hides(result, secret)
  })
})

describe('a server that echoes what it was sent (hostile test server)', () => {
  let server: HostileServer
  beforeAll(async () => {
    server = await startHostileServer()
  })
  afterAll(async () => {
    await server?.close()
  })
  const secret = 'echoed-Zq8vXk2pLm-value'
  const forgectl = (args: string[], stdin?: string) =>
    runCli([...args, '--retries', '0'], {stdin, env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: 'glpat-secret-inputs-0123456789', FORGECTL_CONFIG_DIR: freshConfigDir()}})

  it.each([
    ['a 400 whose JSON message quotes the value', answers.json(400, {message: {value: [`"${secret}" is not allowed`]}}), 6],
    ['a 422 whose error field quotes it', answers.json(422, {error: `value ${secret} rejected`}), 6],
    ['a 500 plain-text answer quoting it', answers.text(500, `internal error while saving ${secret}`), 1],
    ['a 502 HTML page whose title quotes it (cut to a summary)', answers.html(502, `Bad value ${secret} ${'x'.repeat(200)}`), 1],
    ['a 400 whose answer is broken JSON quoting it', answers.json(400, `{"message": "${secret}`), 6],
  ])('%s: the error line shows [REDACTED], with --verbose too', async (_what, answer, code) => {
    server.answer(answer)
    for (const args of [
      ['ci-variables', 'create', 'ECHOED', '--value', secret, '--verbose'],
      ['ci-variables', 'set', 'ECHOED', '--value-file', '-', '--json'],
      ['ci-variables', 'create', '--from-file', '-', '--json', '--verbose'],
      ['hooks', 'url-variables', 'set', '7', 'api_key', secret, '--verbose'],
      ['hooks', 'create', '--url', 'https://hooks.example.com/in', '--secret-token', secret, '--verbose'],
    ]) {
      const stdin = args.includes('--from-file') ? JSON.stringify([{key: 'ECHOED', value: secret}]) : args.includes('--value-file') ? secret : undefined
      const result = await forgectl(args, stdin)
      expect(result.code, `${args.join(' ')}\n${result.stderr}`).toBe(code)
      expect(result.stdout + result.stderr, args.join(' ')).not.toContain(secret)
      expect(result.stdout + result.stderr, args.join(' ')).not.toContain('Zq8vXk2pLm')
      expect(result.stdout + result.stderr, args.join(' ')).toContain('[REDACTED]')
    }
  })

  it('a value with quotes and line breaks (a file), echoed inside JSON (escaped) and folded onto one line', async () => {
    const multiLine = 'line "one" Zq8vXk2pLm\nline two\\n\n'
    for (const answer of [
      answers.json(400, {message: {value: [`${multiLine} is not allowed`]}, description: multiLine}),
      answers.json(201, {key: 'ECHOED', value: multiLine, description: `was ${multiLine}`}),
    ]) {
      server.answer(answer)
      const file = join(dir, 'multi-line')
      writeFileSync(file, multiLine)
      for (const format of [['--json'], ['-o', 'yaml'], ['-o', 'table']]) {
        const result = await forgectl(['ci-variables', 'create', 'ECHOED', '--value-file', file, '--verbose', ...format])
        expect(result.stdout + result.stderr).not.toContain('Zq8vXk2pLm')
      }
    }
  })

  it('a 201 that echoes the value back: the printed record and the trace hide it', async () => {
    server.answer(answers.json(201, {key: 'ECHOED', value: secret, masked: true, protected: false, raw: false, variable_type: 'env_var', description: secret}))
    const result = await forgectl(['ci-variables', 'create', 'ECHOED', '--value', secret, '--verbose', '-o', 'yaml'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout + result.stderr).not.toContain(secret)
  })
})

describe('every other declared secret input', () => {
  it('hooks create: the URL and the secret token never show; the record shows the URL as [REDACTED]', async () => {
    const url = 'https://hooks.example.com/services/T0/B0/Zq8vXk2pLmHook'
    const token = 'hook-token-Zq8vXk2pLm'
    const result = await sb.run(['hooks', 'create', '--url', url, '--secret-token', token, '--verbose', '-o', 'yaml'], admin)
    expect(result.code, result.stderr).toBe(0)
    for (const secret of [url, token, 'Zq8vXk2pLm']) hides(result, secret)
    expect(result.stdout).toMatch(/^url: "\[REDACTED\]"$/m)
    const get = await sb.run(['hooks', 'get', String(result.stdout.match(/^id: (\d+)$/m)?.[1]), '--json'], admin)
    expect(get.json<{url: string}>().url).toBe(url)
  })

  it('clusters add: the orchestrator token never shows, in the dry run or the run', async () => {
    const token = 'orchestrator-Zq8vXk2pLm'
    for (const extra of [['--dry-run'], ['--verbose', '--json']]) {
      const result = await sb.run(
        ['clusters', 'add', '-p', '20', '--name', `secret-${extra[0]}`, '--api-url', 'https://k8s.example.com:6443', '--orchestrator-token', token, '--environment-scope', 'secrets', ...extra],
        {
          as: 'maintainer',
        },
      )
      expect(result.code, result.stderr).toBe(0)
      hides(result, token)
    }
  })

  it('mirrors create: a URL with credentials never shows', async () => {
    const url = 'https://bot:Zq8vXk2pLmMirror@mirror.example.com/a.git'
    const result = await sb.run(['mirrors', 'create', '-p', '20', '--url', url, '--verbose', '-o', 'table'], {as: 'maintainer'})
    expect(result.code, result.stderr).toBe(0)
    hides(result, 'Zq8vXk2pLmMirror')
    expect(result.stdout).toMatch(/^url\s+\[REDACTED\]$/m)
  })
})

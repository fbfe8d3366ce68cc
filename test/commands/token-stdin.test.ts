// Issue 23, point 8: a token on the command line is visible in `ps` and the shell history. The help of
// --token, auth login and config set says so and points to --token-stdin and FORGECTL_TOKEN; both
// commands read the token from standard input, one line, and never echo it.
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

/** forgectl with its own config folder and nothing from the environment unless given */
const cli = (dir: string, args: string[], stdin?: string) => runCli(args, {env: {FORGECTL_CONFIG_DIR: dir}, stdin})
const stored = (dir: string) =>
  existsSync(join(dir, 'config.json')) ? (JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {profiles: Record<string, {token?: string; host?: string}>}) : undefined
const words = (text: string) => text.replace(/\s+/g, ' ')

describe('the help warns about a token on the command line', () => {
  it('--token in `forgectl help`: visible in ps and shell history, with the ways out', async () => {
    const help = words((await runCli(['help'])).stdout)
    expect(help).toContain(
      '--token=<value> access token (overrides FORGECTL_TOKEN and the profile); visible in ps and kept in shell history: prefer FORGECTL_TOKEN or a profile (auth login --token-stdin)',
    )
  })

  it('auth login --help', async () => {
    const help = words((await runCli(['auth', 'login', '--help'])).stdout)
    expect(help).toContain('--token-stdin read the token from standard input, one line (keeps it out of ps and the shell history)')
    expect(help).toContain('A token given with --token is visible to other users in `ps` and kept in the shell history: prefer --token-stdin, the prompt, or FORGECTL_TOKEN.')
  })

  it('config set --help: VALUE is optional, --token-stdin is there, and the warning', async () => {
    const help = words((await runCli(['config', 'set', '--help'])).stdout)
    expect(help).toContain('forgectl config set KEY [VALUE] [--profile PROFILE] [--token-stdin]')
    expect(help).toContain('A token typed as VALUE is visible to other users in `ps` and kept in the shell history: use `config set token --token-stdin`')
    expect(help).toContain('FORGECTL_TOKEN')
  })
})

describe('auth login --token-stdin reads one line', () => {
  it.each([
    ['a line break', '\n'],
    ['a Windows line break', '\r\n'],
    ['no line break', ''],
  ])('the token with %s is stored as the token alone, never echoed', async (_what, end) => {
    const dir = freshConfigDir()
    const token = sb.sandbox.tokens.developer
    const result = await cli(dir, ['auth', 'login', '--host', sb.url, '--token-stdin', '--verbose'], `${token}${end}`)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout + result.stderr).not.toContain(token)
    expect(stored(dir)?.profiles.default?.token).toBe(token)
  })

  it.each([
    ['more than one line', (token: string) => `${token}\n# notes from the password store\n`, 'standard input holds more than one line'],
    ['nothing', () => '', 'standard input is empty'],
    ['only a line break', () => '\n', 'standard input is empty'],
  ])('%s is refused with exit 2, nothing sent, nothing stored, nothing echoed', async (_what, input, message) => {
    const dir = freshConfigDir()
    const token = sb.sandbox.tokens.developer
    const {result, requests} = await sb.runCounted(['auth', 'login', '--host', sb.url, '--token-stdin'], {as: null, env: {FORGECTL_CONFIG_DIR: dir}, stdin: input(token)})
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
    expect(result.stderr).toBe(`Error: --token-stdin: ${message}${message.endsWith('empty') ? `; pipe the token into it (printf '%s' "$TOKEN" | …)` : '; it must be the token alone, on one line'}\n`)
    expect(result.stdout + result.stderr).not.toContain(token)
    expect(stored(dir)).toBeUndefined()
  })
})

describe("oclif's own refusals never repeat a token typed on the command line", () => {
  it.each([
    ['--token T --token-stdin', ['auth', 'login', '--token', 'glpat-typed-Zq8vXk2pLm', '--token-stdin']],
    ['--token=T --token-stdin', ['auth', 'login', '--token=glpat-typed-Zq8vXk2pLm', '--token-stdin']],
  ])('auth login %s', async (_what, args) => {
    const result = await cli(freshConfigDir(), args, 'glpat-piped\n')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--token and --token-stdin cannot be used together')
    expect(result.stderr).not.toContain('Zq8vXk2pLm')
  })
})

describe('config set token --token-stdin', () => {
  const token = 'glpat-config-set-Zq8vXk2pLm'

  it('stores the token of standard input in the profile, saying only that it was set', async () => {
    const dir = freshConfigDir()
    const result = await cli(dir, ['config', 'set', 'token', '--token-stdin', '--profile', 'ci'], `${token}\n`)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe('Set token of profile "ci".\n')
    expect(stored(dir)?.profiles.ci?.token).toBe(token)
    // the stored token is the one a command then sends
    const status = await runCli(['auth', 'token', '--profile', 'ci'], {env: {FORGECTL_CONFIG_DIR: dir}})
    expect(status.stdout).toBe(`${token}\n`)
  })

  it.each([
    ['with VALUE too', ['config', 'set', 'token', 'typed-value', '--token-stdin'], 'VALUE and --token-stdin do not go together: the token comes from standard input'],
    ['for another setting', ['config', 'set', 'host', '--token-stdin'], '--token-stdin sets the token, not host'],
    ['with two lines', ['config', 'set', 'token', '--token-stdin'], '--token-stdin: standard input holds more than one line'],
  ])('is refused %s: exit 2, nothing stored, the token not echoed', async (_what, args, message) => {
    const dir = freshConfigDir()
    const result = await cli(dir, args, `${token}\nsecond line\n`)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
    expect(result.stdout + result.stderr).not.toContain(token)
    expect(stored(dir)).toBeUndefined()
  })

  it('without VALUE and without a terminal, names what is missing (as before)', async () => {
    const result = await cli(freshConfigDir(), ['config', 'set', 'token'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: missing VALUE (new value)\nUsage: forgectl config set KEY [VALUE] [FLAGS]\n')
  })

  it('VALUE still works for every setting', async () => {
    const dir = freshConfigDir()
    const result = await cli(dir, ['config', 'set', 'host', 'forge.example.com'])
    expect(result.code, result.stderr).toBe(0)
    expect(stored(dir)?.profiles.default?.host).toBe('https://forge.example.com')
  })
})

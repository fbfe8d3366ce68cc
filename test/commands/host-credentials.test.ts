// Credentials written into a host are never echoed (issue 35, item 3): whatever the userinfo holds
// (`/`, `@`, a space, `?`, `#`, quotes), no part of its password appears in anything any command prints,
// whichever way the host arrives: --host, FORGECTL_HOST, the settings file, `config set host`,
// `auth login --host`. A URL parser reads `http://admin:Hunter2/Passw0rd@host` as host `admin` and port
// `Hunter2`, so every host is shown through one cut that does not parse (shownHost, redact.ts).
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {shownHost} from '../../src/core/base/redact.js'
import {freshConfigDir, runCli} from '../helpers/cli.js'

/** the password's own characters: none of them is in forgectl's words, so any run of three found in the output is the password's */
const MARK = 'QXZJW'
const piece = fc.string({unit: fc.constantFrom(...MARK), minLength: 3, maxLength: 8})
const separator = fc.constantFrom('/', '@', ' ', ':', '?', '#', '%', '%40', '"', "'", '\\', '//', '@@', '&', '=', '\t')
/** a password of marked pieces between the characters that end an authority or a pattern early */
const password = fc.tuple(piece, fc.array(fc.tuple(separator, piece), {maxLength: 4})).map(([first, rest]) => first + rest.map(([sep, p]) => sep + p).join(''))
const userinfo = fc.tuple(fc.constantFrom('admin', 'bot', ''), password).map(([user, secret]) => ({raw: user ? `${user}:${secret}` : secret, secret}))
const host = fc
  .tuple(userinfo, fc.constantFrom('http://', 'https://', 'HTTP://', ''), fc.constantFrom('forge.invalid', 'forge.invalid:9', 'forge.invalid:99999', '[::1]:8', 'forge.invalid/gitlab'))
  .map(([u, scheme, rest]) => ({host: `${scheme}${u.raw}@${rest}`, secret: u.secret}))

/** every run of three or more of the password's own characters: the parts that must not be shown */
const partsOf = (secret: string) => secret.match(new RegExp(`[${MARK}]{3,}`, 'g')) ?? []

function expectHidden(output: string, secret: string, what: string): void {
  for (const part of partsOf(secret)) expect(output, `${what}: "${part}" of the password was shown`).not.toContain(part)
}

const cli = (dir: string, args: string[], env: Record<string, string> = {}) => runCli(args, {env: {FORGECTL_CONFIG_DIR: dir, ...env}})

describe('a host with credentials', () => {
  it('shownHost keeps nothing of any userinfo, whatever it holds (property)', () => {
    fc.assert(
      fc.property(host, ({host, secret}) => {
        expectHidden(shownHost(host), secret, host)
      }),
      {numRuns: 2000},
    )
  })

  it('is refused and never echoed by --host, FORGECTL_HOST, the settings file, config set host or auth login (property)', async () => {
    await fc.assert(
      fc.asyncProperty(host, async ({host, secret}) => {
        const dir = freshConfigDir()
        const runs = [
          await cli(dir, ['labels', 'list', '-p', '1', '--host', host, '--token', 'glpat-xxxxxxxxxxxxxxxxxxxx']),
          await cli(dir, ['labels', 'list', '-p', '1'], {FORGECTL_HOST: host, FORGECTL_TOKEN: 'glpat-xxxxxxxxxxxxxxxxxxxx'}),
          await cli(dir, ['auth', 'status', '--host', host, '--verbose']),
          await cli(dir, ['config', 'set', 'host', host]),
          await cli(dir, ['auth', 'login', '--host', host, '--token', 'glpat-xxxxxxxxxxxxxxxxxxxx']),
        ]
        // a hand-edited settings file: read by every command of the profile, shown by config
        writeFileSync(join(dir, 'config.json'), JSON.stringify({profiles: {default: {host, token: 'glpat-xxxxxxxxxxxxxxxxxxxx'}}}), {mode: 0o600})
        runs.push(await cli(dir, ['config', 'list']), await cli(dir, ['config', 'get', 'host']), await cli(dir, ['auth', 'status']), await cli(dir, ['labels', 'list', '-p', '1']))
        for (const [index, run] of runs.entries()) {
          expect(run.code, run.stderr).not.toBe(0)
          expectHidden(run.stdout + run.stderr, secret, `run ${index}`)
        }
      }),
      {numRuns: 40},
    )
  })

  it('the message says what is wrong, and shows the host that was meant', async () => {
    const dir = freshConfigDir()
    const result = await cli(dir, ['labels', 'list', '-p', '1'], {FORGECTL_HOST: 'http://admin:Hunter2/Passw0rd@host:9', FORGECTL_TOKEN: 'glpat-xxxxxxxxxxxxxxxxxxxx'})
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: the host "http://[REDACTED]@host:9" must not carry credentials (a user or password before "@"): use --token or `auth login`\n')
  })
})

// The settings file (issue 23, points 9 to 11): one writer at a time, nothing of another user's used
// or changed, hand-edited values held to the rules of their flags. The tests run as root, as CI does: files of another user are made with chown.
import {execFileSync, spawn} from 'node:child_process'
import {chmodSync, chownSync, existsSync, lstatSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync} from 'node:fs'
import {hostname} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {OUTPUT_FORMATS} from '../../src/core/output/formats.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {BIN, cleanEnv, freshConfigDir, runCli} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const isRoot = process.geteuid?.() === 0
/** a user that is not the one running the tests */
const OTHER_UID = 4242

const cli = (dir: string, args: string[], env: Record<string, string | undefined> = {}, spawned = false) => runCli(args, {env: {FORGECTL_CONFIG_DIR: dir, ...env}, spawn: spawned})
const stored = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {profiles: Record<string, Record<string, unknown>>}
const oneLine = (stderr: string) => expect(stderr).toMatch(/^Error: [^\n]+\n$/)

/** the settings file of a fresh folder, as a person would have edited it */
function settingsWith(profiles: unknown): string {
  const dir = freshConfigDir()
  writeFileSync(join(dir, 'config.json'), typeof profiles === 'string' ? profiles : JSON.stringify({profiles}), {mode: 0o600})
  return dir
}

/**
 * Resolves once a waiting forgectl has read the lock, which sets its access time (relatime updates an
 * access time older than the last change): started, and waiting. A start-up on a busy machine takes
 * seconds, and a signal before forgectl's handlers are installed kills it outright.
 */
async function lockRead(lock: string): Promise<void> {
  const now = new Date()
  utimesSync(lock, new Date(2020, 0, 1), now)
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const {atimeMs, mtimeMs} = statSync(lock)
    if (atimeMs >= mtimeMs) return
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

/** a process id that ran and ended: no process has it now */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'])
  await new Promise(resolve => child.on('exit', resolve))
  return child.pid!
}

describe('concurrent writes (issue 23.9)', () => {
  it('twenty `config set` run at once keep all twenty changes', async () => {
    const dir = freshConfigDir()
    const runs = await Promise.all(Array.from({length: 20}, (_, i) => cli(dir, ['config', 'set', 'host', `https://h${i}.example.com`, '--profile', `p${i}`], {}, true)))
    expect(runs.map(r => [r.code, r.stderr.startsWith('Set host')])).toEqual(runs.map(() => [0, true]))
    const profiles = stored(dir).profiles
    expect(Object.keys(profiles).sort()).toEqual(Array.from({length: 20}, (_, i) => `p${i}`).sort())
    for (let i = 0; i < 20; i++) expect(profiles[`p${i}`]).toEqual({host: `https://h${i}.example.com`})
    expect(existsSync(join(dir, 'config.json.lock'))).toBe(false)
  }, 120_000)

  it('a lock left by a process that ended is removed, and the write goes on', async () => {
    const dir = settingsWith({default: {host: 'https://one.example.com'}})
    writeFileSync(join(dir, 'config.json.lock'), JSON.stringify({pid: await deadPid(), host: hostname(), id: 'gone'}))
    const result = await cli(dir, ['config', 'set', 'timeout', '45'])
    expect(result.code, result.stderr).toBe(0)
    expect(stored(dir).profiles.default).toEqual({host: 'https://one.example.com', timeout: 45})
    expect(existsSync(join(dir, 'config.json.lock'))).toBe(false)
  })

  it('a lock older than any write, even of a running process, is removed', async () => {
    const dir = settingsWith({})
    const lock = join(dir, 'config.json.lock')
    writeFileSync(lock, '')
    const old = new Date(Date.now() - 60_000)
    utimesSync(lock, old, old)
    const result = await cli(dir, ['config', 'set', 'retries', '2'])
    expect(result.code, result.stderr).toBe(0)
    expect(stored(dir).profiles.default).toEqual({retries: 2})
  })

  it('waits for a writer that is at work, then writes', async () => {
    const dir = settingsWith({})
    const lock = join(dir, 'config.json.lock')
    writeFileSync(lock, JSON.stringify({pid: process.pid, host: hostname(), id: 'busy'}))
    const running = cli(dir, ['config', 'set', 'output', 'yaml'], {}, true)
    await new Promise(resolve => setTimeout(resolve, 700))
    expect(stored(dir).profiles).toEqual({})
    rmSync(lock)
    const result = await running
    expect(result.code, result.stderr).toBe(0)
    expect(stored(dir).profiles.default).toEqual({output: 'yaml'})
  })

  it('gives up after FORGECTL_LOCK_WAIT_MS with one line naming the lock (exit 1), the file and the lock untouched', async () => {
    const dir = settingsWith({default: {host: 'https://one.example.com'}})
    const lock = join(dir, 'config.json.lock')
    const holder = JSON.stringify({pid: process.pid, host: hostname(), id: 'busy'})
    writeFileSync(lock, holder)
    // the lock is held for ever (this process): only the lock wait can end the run, and the line says so
    const result = await cli(dir, ['config', 'set', 'timeout', '45'], {FORGECTL_LOCK_WAIT_MS: '300'})
    expect(result.code).toBe(1)
    oneLine(result.stderr)
    expect(result.stderr).toContain(`is being changed by another forgectl (process ${process.pid})`)
    expect(result.stderr).toContain(`remove ${lock} if no forgectl is running`)
    expect(stored(dir).profiles.default).toEqual({host: 'https://one.example.com'})
    expect(readFileSync(lock, 'utf8')).toBe(holder)
  })

  it('Ctrl-C while waiting ends at once (130) and leaves the other writer its lock', async () => {
    const dir = settingsWith({})
    const lock = join(dir, 'config.json.lock')
    const holder = JSON.stringify({pid: process.pid, host: hostname(), id: 'busy'})
    writeFileSync(lock, holder)
    const child = spawn(process.execPath, [BIN, 'config', 'set', 'timeout', '45'], {
      env: {...cleanEnv(), FORGECTL_CONFIG_DIR: dir, FORGECTL_LOCK_WAIT_MS: '60000'},
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    await lockRead(lock)
    child.kill('SIGINT')
    // the lock wait (60 s) outlasts the test: the run ending with 130 and the interrupted line is the signal heard
    const code = await new Promise(resolve => child.on('close', resolve))
    expect(code, stderr).toBe(130)
    expect(stderr).toBe('Error: interrupted (SIGINT)\n')
    expect(readFileSync(lock, 'utf8')).toBe(holder)
    expect(stored(dir).profiles).toEqual({})
  })
})

describe.skipIf(!isRoot)("files that are not the user's own (issue 23.10)", () => {
  it('refuses a settings file of another user: one line naming the path and the owner, exit 2', async () => {
    const dir = settingsWith({default: {host: sb.url, token: 'alices-token'}})
    const file = join(dir, 'config.json')
    chownSync(file, OTHER_UID, OTHER_UID)
    const list = await cli(dir, ['config', 'list', '--json'])
    expect(list.code).toBe(2)
    oneLine(list.stderr)
    expect(list.stderr).toContain(`refusing to use the settings file ${file}: it belongs to uid ${OTHER_UID}, not to root (uid 0)`)
    expect(list.stdout).toBe('')
  })

  it('auth login does not write the token into the folder of another user, and sends nothing', async () => {
    const dir = freshConfigDir()
    chownSync(dir, OTHER_UID, OTHER_UID)
    const before = sb.sandbox.requests.length
    const login = await cli(dir, ['auth', 'login', '--host', sb.url, '--token', TOKENS.developer])
    expect(login.code).toBe(2)
    oneLine(login.stderr)
    expect(login.stderr).toContain(`refusing to use the settings folder ${dir}: it belongs to uid ${OTHER_UID}`)
    expect(existsSync(join(dir, 'config.json'))).toBe(false)
    expect(sb.sandbox.requests.length).toBe(before)
  })

  it('does not create its folder inside a folder of another user', async () => {
    const home = freshConfigDir()
    chownSync(home, OTHER_UID, OTHER_UID)
    const dir = join(home, '.config', 'forgectl')
    const result = await cli(dir, ['config', 'set', 'host', 'forge.example.com'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`refusing to use the folder ${home}: it belongs to uid ${OTHER_UID}`)
    expect(existsSync(join(home, '.config'))).toBe(false)
  })

  it('refuses a config.json that is a symlink to a file of another user', async () => {
    const dir = freshConfigDir()
    const target = join(freshConfigDir(), 'theirs.json')
    writeFileSync(target, JSON.stringify({profiles: {default: {host: 'https://theirs.example.com'}}}), {mode: 0o644})
    chownSync(target, OTHER_UID, OTHER_UID)
    symlinkSync(target, join(dir, 'config.json'))
    const result = await cli(dir, ['config', 'set', 'token', 'root-secret'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`refusing to use the settings file ${join(dir, 'config.json')}: it is a symlink to ${target}, which belongs to uid ${OTHER_UID}`)
    expect(readFileSync(target, 'utf8')).not.toContain('root-secret')
  })

  it('never changes the mode of what a config.json symlink points at', async () => {
    const dir = freshConfigDir()
    const target = join(freshConfigDir(), 'shared.json')
    writeFileSync(target, JSON.stringify({profiles: {default: {host: 'https://forge.example.com'}}}))
    chmodSync(target, 0o644)
    symlinkSync(target, join(dir, 'config.json'))
    const list = await cli(dir, ['config', 'list', '--json'])
    expect(list.code, list.stderr).toBe(0)
    expect(list.json()).toEqual({host: 'https://forge.example.com'})
    expect(statSync(target).mode & 0o777).toBe(0o644)
    expect(lstatSync(join(dir, 'config.json')).isSymbolicLink()).toBe(true)
  })

  it('leaves the mode of a folder it did not create (FORGECTL_CONFIG_DIR=/tmp-like), makes its own 0700', async () => {
    const shared = freshConfigDir()
    chmodSync(shared, 0o1777)
    expect((await cli(shared, ['config', 'set', 'output', 'json'])).code).toBe(0)
    expect(statSync(shared).mode & 0o7777).toBe(0o1777)
    expect(statSync(join(shared, 'config.json')).mode & 0o777).toBe(0o600)
  })
})

describe('XDG_CONFIG_HOME (issue 23.10)', () => {
  it('a relative XDG_CONFIG_HOME is ignored, as the XDG rule says: nothing is written under the current folder', async () => {
    const home = freshConfigDir()
    const cwd = freshConfigDir()
    const env = {FORGECTL_CONFIG_DIR: undefined, HOME: home, XDG_CONFIG_HOME: 'relative/config'}
    const path = await runCli(['config', 'path'], {env, cwd})
    expect(path.stdout).toBe(`${join(home, '.config', 'forgectl', 'config.json')}\n`)
    const set = await runCli(['config', 'set', 'output', 'yaml'], {env, cwd})
    expect(set.code, set.stderr).toBe(0)
    expect(existsSync(join(cwd, 'relative'))).toBe(false)
    expect(existsSync(join(home, '.config', 'forgectl', 'config.json'))).toBe(true)
    const absolute = await runCli(['config', 'path'], {env: {...env, XDG_CONFIG_HOME: join(cwd, 'xdg')}, cwd})
    expect(absolute.stdout).toBe(`${join(cwd, 'xdg', 'forgectl', 'config.json')}\n`)
  })
})

describe('FORGECTL_CONFIG_DIR', () => {
  it('a relative folder is refused before anything is read or written (exit 2), naming the variable', async () => {
    const cwd = freshConfigDir()
    for (const args of [
      ['config', 'path'],
      ['config', 'set', 'output', 'yaml'],
      ['labels', 'list', '-p', '20'],
    ]) {
      const result = await runCli(args, {env: {FORGECTL_CONFIG_DIR: 'settings'}, cwd})
      expect(result.code).toBe(2)
      expect(result.stderr).toBe('Error: FORGECTL_CONFIG_DIR must be an absolute path, not "settings": a relative one names another folder wherever forgectl runs\n')
    }
    expect(existsSync(join(cwd, 'settings'))).toBe(false)
  })
})

describe('a broken or hand-edited settings file (issue 23.11, 24.4)', () => {
  it('broken JSON is kept and named with the place and the way out, never quoting the text (a token)', async () => {
    const text = '{"profiles": {"default": {"token": "glpat-secret-value" "host": "x"}}}'
    const dir = settingsWith(text)
    const file = join(dir, 'config.json')
    for (const args of [
      ['config', 'list'],
      ['config', 'set', 'output', 'json'],
      ['labels', 'list', '-p', '20'],
    ]) {
      const result = await cli(dir, args)
      expect(result.code).toBe(2)
      oneLine(result.stderr)
      expect(result.stderr).toBe(
        `Error: the settings file ${file} is not valid JSON at line 1, column 57; it was left as it is: correct it, or move it away and log in again (\`forgectl auth login\`)\n`,
      )
    }
    expect(readFileSync(file, 'utf8')).toBe(text)
  })

  it('a FIFO in the place of the file is refused at once, not waited on', async () => {
    const dir = freshConfigDir()
    execFileSync('mkfifo', [join(dir, 'config.json')])
    const result = await cli(dir, ['config', 'list'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`Error: the settings file ${join(dir, 'config.json')} is not a file\n`)
  })

  it.each([['null'], ['[]'], ['{"profiles": []}'], ['{"profiles": {"default": "x"}}']])('a file holding %s is refused in one line, not a crash', async text => {
    const dir = settingsWith(text)
    const result = await cli(dir, ['config', 'list'])
    expect(result.code).toBe(2)
    oneLine(result.stderr)
    expect(result.stderr).toContain(`the settings file ${join(dir, 'config.json')}`)
  })

  it.each([
    ['retries', 1_000_000, '--retries 1000000', '"1000000": must be a whole number from 0 to 10'],
    ['retries', -1, '--retries -1', '"-1": must be a whole number from 0 to 10'],
    ['timeout', 99_999_999, '--timeout 99999999', '"99999999": must be a duration from 1s to 24h (a number of seconds, or with a unit: 1500ms, 90s, 5m, 2h)'],
    ['timeout', 'soon', '--timeout soon', '"soon": must be a duration from 1s to 24h (a number of seconds, or with a unit: 1500ms, 90s, 5m, 2h)'],
    ['output', 'xml', null, `"xml": must be one of ${OUTPUT_FORMATS.join(', ')}`],
    ['insecure', 'maybe', null, '"maybe": must be true or false'],
    ['max-answer-size', 0, null, '"0": must be a size from 1 MiB to 500 MiB (a number of bytes, or with a unit: 64MiB, 200MB)'],
    ['max-pages', 0, null, '"0": must be a whole number of pages from 1 to 1000000'],
    ['max-pages', 'many', null, '"many": must be a whole number of pages from 1 to 1000000'],
    ['retries', {many: true}, null, 'must be a single value, not an object'],
    ['token', 'glpat-abc\n', '--token glpat-abc\n', ': an access token is printable ASCII without spaces, and this one holds a line break'],
    ['host', 'https://forge.example.com:70000', '--host https://forge.example.com:70000', ': invalid port "70000" in host "https://forge.example.com:70000": a port is a number from 1 to 65535'],
  ])('%s: %j is refused as its flag would be: one line naming file, profile, key and rule; nothing sent', async (key, value, flag, rule) => {
    const dir = settingsWith({ci: {host: sb.url, [key]: value}})
    const {result, requests} = await sb.runCounted(['labels', 'list', '-p', '20'], {env: {FORGECTL_CONFIG_DIR: dir, FORGECTL_PROFILE: 'ci'}})
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
    oneLine(result.stderr)
    expect(result.stderr).toBe(
      `Error: ${key} of profile "ci" in ${join(dir, 'config.json')}${rule.startsWith(':') ? '' : ' '}${rule}: correct the file, or run \`forgectl config set ${key} VALUE --profile ci\`\n`,
    )
    if (flag !== null) {
      const [name, text] = flag.split(' ')
      const byFlag = await sb.runCounted(['labels', 'list', '-p', '20', `${name}=${text}`])
      expect(byFlag.result.code).toBe(2)
      expect(byFlag.result.stderr).toContain(rule.startsWith(':') ? rule.slice(2) : `${name} ${rule}`)
      expect(byFlag.requests).toBe(0)
    }
    // the way out works: config set writes the profile that cannot be read
    if (typeof value !== 'object') {
      const fixed = await cli(dir, ['config', 'set', key, {output: 'json', insecure: 'false', host: sb.url, 'max-answer-size': '2MiB'}[key] ?? '3', '--profile', 'ci'])
      expect(fixed.code, fixed.stderr).toBe(0)
      expect((await sb.run(['labels', 'list', '-p', '20', '-q'], {env: {FORGECTL_CONFIG_DIR: dir, FORGECTL_PROFILE: 'ci'}})).code).toBe(0)
    }
  })

  it('a token of FORGECTL_TOKEN or config set is held to the same rule, and the message never shows it', async () => {
    const env = await sb.runCounted(['labels', 'list', '-p', '20'], {env: {FORGECTL_TOKEN: `${TOKENS.developer}\r\n`}})
    expect(env.result.code).toBe(2)
    expect(env.requests).toBe(0)
    expect(env.result.stderr).toBe('Error: FORGECTL_TOKEN: an access token is printable ASCII without spaces, and this one holds a line break\n')
    const dir = freshConfigDir()
    const set = await cli(dir, ['config', 'set', 'token', 'glpat-abc def'])
    expect(set.code).toBe(2)
    expect(set.stderr).toContain('an access token is printable ASCII without spaces, and this one holds a space')
    expect(set.stderr).not.toContain('glpat')
    expect(existsSync(join(dir, 'config.json'))).toBe(false)
  })

  it('"false" typed into the file is false, not a string that reads as true', async () => {
    const dir = settingsWith({default: {host: 'https://forge.example.com', insecure: 'false', 'allow-http': 'no', retries: '2', timeout: '90s'}})
    const list = await cli(dir, ['config', 'list', '--json'])
    expect(list.code, list.stderr).toBe(0)
    expect(list.json()).toEqual({host: 'https://forge.example.com', insecure: false, 'allow-http': false, retries: 2, timeout: 90})
  })
})

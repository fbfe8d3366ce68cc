// Drives forgectl in a real pseudo-terminal through tmux, as a person would: read the screen, type.
import {execFile} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {setTimeout as sleep} from 'node:timers/promises'
import {promisify} from 'node:util'
import {afterEach} from 'vitest'
import {BIN} from './cli.js'

const run = promisify(execFile)

/**
 * true, or an error: the terminal tests need tmux, which `npm test` installs first where it is missing
 * (scripts/provision.sh, as .ci/run does); a machine without it fails them saying so, never skips them.
 */
export async function hasTmux(): Promise<boolean> {
  return run('tmux', ['-V']).then(
    () => true,
    () => {
      throw new Error('tmux is missing: `npm test` installs it first (scripts/provision.sh), or `apt-get install -y tmux`')
    },
  )
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/**
 * tmux on a server of the session's own (`-L name`): sessions of parallel test workers on one shared
 * server race with it, a new session failing with "server exited unexpectedly" as the last session of
 * another worker ends and takes the server down.
 */
const tmux = (name: string, args: string[]) => run('tmux', ['-L', name, '-f', '/dev/null', ...args])

export class TerminalSession {
  private constructor(readonly name: string) {}

  /** starts `forgectl args` in a new terminal (100x30 unless told); the exit code is printed when it ends */
  static async start(args: string[], env: Record<string, string>, size: {columns?: number; rows?: number} = {}): Promise<TerminalSession> {
    const name = `forgectl-test-${randomBytes(4).toString('hex')}`
    // tokens to the settings file, as cleanEnv (cli.ts) has it
    const exports = Object.entries({FORGECTL_TOKEN_STORE: 'file', ...env})
      .map(([k, v]) => `export ${k}=${quote(v)};`)
      .join(' ')
    const command = `${exports} ${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}; echo "[exit $?]"; sleep 30`
    await tmux(name, ['new-session', '-d', '-s', name, '-x', String(size.columns ?? 100), '-y', String(size.rows ?? 30), 'bash', '--norc', '--noprofile', '-c', command])
    return new TerminalSession(name)
  }

  /** an interactive bash (prompt `$ `, no rc files) in `cwd`, for typing command lines into: completion */
  static async shell(env: Record<string, string>, cwd: string, size: {columns?: number; rows?: number} = {}): Promise<TerminalSession> {
    const name = `forgectl-test-${randomBytes(4).toString('hex')}`
    // through env(1), not tmux's -e: tmux gives a new session the PATH of its client
    const environment = Object.entries({...env, PS1: '$ '}).map(([k, v]) => `${k}=${v}`)
    await tmux(name, ['new-session', '-d', '-s', name, '-c', cwd, '-x', String(size.columns ?? 100), '-y', String(size.rows ?? 30), 'env', ...environment, 'bash', '--norc', '--noprofile', '-i'])
    return new TerminalSession(name)
  }

  async screen(): Promise<string> {
    const {stdout} = await tmux(this.name, ['capture-pane', '-p', '-t', this.name])
    return stdout
  }

  /**
   * The screen's lines as written, with lines the terminal wrapped joined again (and trailing blanks
   * dropped): a line wider than the terminal shows as one long line here, where `screen()` would show
   * its wrapped pieces, none wider than the terminal.
   */
  async writtenLines(): Promise<string[]> {
    const {stdout} = await tmux(this.name, ['capture-pane', '-p', '-J', '-t', this.name])
    return stdout.split('\n').map(line => line.trimEnd())
  }

  /** the screen once it shows `expected`; fails with the screen's text after `timeoutMs` */
  async waitFor(expected: string | RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const screen = await this.screen()
      if (typeof expected === 'string' ? screen.includes(expected) : expected.test(screen)) return screen
      if (Date.now() > deadline) throw new Error(`the terminal never showed ${String(expected)}; it shows:\n${screen}`)
      await sleep(50)
    }
  }

  /** the written lines (wrapped ones joined, writtenLines) once one matches `expected`: a line wider than the terminal */
  async waitForLine(expected: RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const lines = await this.writtenLines()
      const found = lines.find(line => expected.test(line))
      if (found !== undefined) return found
      if (Date.now() > deadline) throw new Error(`the terminal never showed ${String(expected)}; it shows:\n${lines.join('\n')}`)
      await sleep(50)
    }
  }

  async type(text: string): Promise<void> {
    await tmux(this.name, ['send-keys', '-t', this.name, '-l', text])
  }

  async press(key: 'Enter' | 'Down' | 'Up' | 'C-c' | 'Tab'): Promise<void> {
    await tmux(this.name, ['send-keys', '-t', this.name, key])
  }

  /** the exit code, once the command has ended */
  async exitCode(timeoutMs = 30_000): Promise<number> {
    const screen = await this.waitFor(/\[exit \d+\]/, timeoutMs)
    return Number(screen.match(/\[exit (\d+)\]/)![1])
  }

  /** the terminal made `columns` wide, as a person dragging the window's edge */
  async resize(columns: number): Promise<void> {
    await tmux(this.name, ['resize-window', '-t', this.name, '-x', String(columns)])
  }

  async close(): Promise<void> {
    await tmux(this.name, ['kill-server']).catch(() => undefined)
  }
}

/**
 * `terminal(args, env)` for a test file: forgectl in tmux against the file's sandbox as `developer`
 * unless `env` says otherwise; every session is closed after its test.
 */
export function sandboxTerminals(sb: {url: string; configDir: string}, developerToken: string): (args: string[], env?: Record<string, string>) => Promise<TerminalSession> {
  const sessions: TerminalSession[] = []
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map(s => s.close()))
  })
  return async (args, env = {}) => {
    const session = await TerminalSession.start(args, {
      FORGECTL_HOST: sb.url,
      FORGECTL_TOKEN: developerToken,
      FORGECTL_CONFIG_DIR: sb.configDir,
      TERM: 'xterm-256color',
      ...env,
    })
    sessions.push(session)
    return session
  }
}

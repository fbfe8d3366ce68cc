// The completion script, run by bash itself: it asks forgectl for candidates as a TAB press would; and
// TAB pressed in a real interactive bash in tmux (bash is the shell this machine has; zsh and fish
// get their scripts checked for the call only).
import {execFile} from 'node:child_process'
import {chmodSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {afterEach, describe, expect, it} from 'vitest'
import {OUTPUT_FORMATS} from '../../src/core/output/formats.js'
import {BIN} from '../helpers/cli.js'
import {hasTmux, TerminalSession} from '../helpers/terminal.js'

const run = promisify(execFile)

// `forgectl` on the PATH, as an installed CLI would be
const binDir = mkdtempSync(join(tmpdir(), 'forgectl-bin-'))
writeFileSync(join(binDir, 'forgectl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`)
chmodSync(join(binDir, 'forgectl'), 0o755)

/** what bash offers after `line` (the cursor at its end) */
async function complete(line: string): Promise<string[]> {
  const script = `source <(forgectl completion bash)
COMP_LINE=${JSON.stringify(line)}; COMP_POINT=\${#COMP_LINE}
read -r -a COMP_WORDS <<< "$COMP_LINE"; COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
_forgectl_complete
printf '%s\\n' "\${COMPREPLY[@]}"`
  const {stdout} = await run('bash', ['--norc', '--noprofile', '-c', script], {env: {...process.env, PATH: `${binDir}:${process.env.PATH}`}})
  return stdout.split('\n').filter(Boolean)
}

describe('bash completion', () => {
  it('completes topics and commands', async () => {
    expect(await complete('forgectl lab')).toEqual(['labels'])
    expect(await complete('forgectl labels ')).toEqual(['create', 'delete', 'get', 'list', 'promote', 'subscribe', 'unsubscribe', 'update'])
    expect(await complete('forgectl auth lo')).toEqual(['login', 'logout'])
  })

  it('completes flags, including --no- forms', async () => {
    const flags = await complete('forgectl labels list --with')
    expect(flags).toEqual(['--with-counts'])
    expect(await complete('forgectl labels list --no-ar')).toEqual(['--no-archived'])
  })

  it('completes the allowed values of enum flags and arguments', async () => {
    expect(await complete('forgectl labels list -o ')).toEqual(OUTPUT_FORMATS)
    expect(await complete('forgectl labels list --output y')).toEqual(['yaml'])
    expect(await complete('forgectl labels list --output=c')).toEqual(['csv'])
    expect(await complete('forgectl config set ti')).toEqual(['timeout'])
  })

  it('completes the values of flags made from declared inputs (issue 25, point 7)', async () => {
    expect(await complete('forgectl branches protect main -p 20 --push-access-level ')).toEqual(['0', '30', '40', '60'])
    expect(await complete('forgectl branches protect main --unprotect-access-level=4')).toEqual(['40'])
    expect(await complete('forgectl package-protection create --package-type ')).toEqual(['conan', 'generic', 'helm', 'maven', 'npm', 'nuget', 'pypi'])
    expect(await complete('forgectl package-protection create --package-type m')).toEqual(['maven'])
  })

  it("still checks a value with the input's own rule and words, not a list of oclif's", async () => {
    const result = await run(process.execPath, [BIN, 'package-protection', 'create', '-p', '20', '--package-name-pattern', 'x', '--package-type', 'mvn']).catch(
      (error: {code: number; stderr: string}) => error,
    )
    expect(result).toMatchObject({code: 2, stderr: 'Error: --package-type "mvn": must be one of conan, generic, helm, maven, npm, nuget, pypi\n'})
  })

  it('prints scripts for zsh and fish too', async () => {
    for (const shell of ['zsh', 'fish']) {
      const {stdout} = await run(process.execPath, [BIN, 'completion', shell])
      expect(stdout).toContain('forgectl __complete')
    }
  })
})

describe.runIf(await hasTmux())('TAB in an interactive bash', () => {
  const sessions: TerminalSession[] = []
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map(s => s.close()))
  })

  /** bash in a folder holding one file, with forgectl's completion loaded */
  async function shell(): Promise<TerminalSession> {
    const cwd = mkdtempSync(join(tmpdir(), 'forgectl-cwd-'))
    writeFileSync(join(cwd, 'a-file-here.txt'), '')
    const session = await TerminalSession.shell({PATH: `${binDir}:${process.env.PATH}`, HOME: cwd, TERM: 'xterm-256color'}, cwd)
    sessions.push(session)
    await session.waitFor(/^\$/m)
    await session.type('source <(forgectl completion bash); echo loaded')
    await session.press('Enter')
    await session.waitFor(/^loaded$/m)
    return session
  }

  it('lists the values of an enum flag, not the files of the folder', async () => {
    const t = await shell()
    await t.type('forgectl branches protect main --push-access-level ')
    await t.press('Tab')
    await t.press('Tab')
    const screen = await t.waitFor(/^0\s+30\s+40\s+60\s*$/m)
    expect(screen).not.toContain('a-file-here.txt')
  })

  it('completes a single match in place: -o and --package-type', async () => {
    const t = await shell()
    await t.type('forgectl labels list -o nd')
    await t.press('Tab')
    await t.waitFor(/\$ forgectl labels list -o ndjson\s*$/m)
    await t.press('C-c')
    await t.type('forgectl package-protection create --package-type he')
    await t.press('Tab')
    await t.waitFor(/\$ forgectl package-protection create --package-type helm\s*$/m)
  })
})

// The completion script, run by bash itself: it asks forgectl for candidates as a TAB press would.
import {execFile} from 'node:child_process'
import {chmodSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {describe, expect, it} from 'vitest'
import {BIN} from '../helpers/cli.js'

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
    expect(await complete('forgectl labels list -o ')).toEqual(['table', 'json', 'yaml', 'csv', 'ndjson'])
    expect(await complete('forgectl labels list --output y')).toEqual(['yaml'])
    expect(await complete('forgectl labels list --output=c')).toEqual(['csv'])
    expect(await complete('forgectl config set ti')).toEqual(['timeout'])
  })

  it('prints scripts for zsh and fish too', async () => {
    for (const shell of ['zsh', 'fish']) {
      const {stdout} = await run(process.execPath, [BIN, 'completion', shell])
      expect(stdout).toContain('forgectl __complete')
    }
  })
})

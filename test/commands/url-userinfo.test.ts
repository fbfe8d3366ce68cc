// A hook's URL whose password holds `@` (`https://bot:p@ssW0rd@host/`: the URL parser's password is
// `p@ssW0rd`): no part of it in a plan line, apply's report or traces, nor in export's reference name
// (the names used to cut at the first `@`, leaving `ssW0rd@host`). The one cut: URL_USERINFO, redact.ts.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const folder = mkdtempSync(join(tmpdir(), 'forgectl-url-userinfo-'))
const owner = {as: 'owner'} as const

describe.each([
  {scope: 'projects', path: 'acme/website', flag: '-p'},
  {scope: 'groups', path: 'acme', flag: '-g'},
])('$scope hooks with a password holding @', ({scope, path, flag}) => {
  const secretUrl = `https://bot:p@ssW0rdQ7@at-${scope}.example.com/in`
  const shows = (text: string) => /ssW0rdQ7/i.test(text)

  it('plan, apply --verbose and export show no part of it', async () => {
    const file = join(folder, `${scope}.yaml`)
    writeFileSync(file, `version: 1\n${scope}:\n  ${path}:\n    hooks:\n      - {url: {env: STATE_AT_URL}, issues_events: true}\n`)
    const env = {STATE_AT_URL: secretUrl}
    const planned = await sb.run(['plan', '-f', file], {...owner, env})
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain(`+ hooks https://***@at-${scope}.example.com/…#`)
    const applied = await sb.run(['apply', '-f', file, '--yes', '--verbose'], {...owner, env})
    expect(applied.code, applied.stderr).toBe(0)
    const exported = await sb.run(['export', flag, path, '--sections', 'hooks'], owner)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toContain(`_HOOK_URL_AT_${scope.toUpperCase()}_EXAMPLE_COM\n`)
    for (const run of [planned, applied, exported]) expect(shows(run.stdout + run.stderr), run.stdout + run.stderr).toBe(false)
  })
})

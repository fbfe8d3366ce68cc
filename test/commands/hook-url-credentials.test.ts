// A hook is named by its URL without the credentials in it (hookName), so a file that rotates the
// password of a hook's URL named the same hook, and the URL, an identity field, was never compared:
// plan said "No changes: the server matches the file" and the old password stayed on the server. The
// platform returns a hook's URL as stored (lib/api/entities/hook.rb exposes url), so the two can be
// compared: the plan shows an update of the URL (sensitive), and apply sends it, with the file's token
// again, which the platform drops on a new URL (app/models/hooks/web_hook.rb, reset_token).
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const folder = mkdtempSync(join(tmpdir(), 'forgectl-hook-url-credentials-'))

type Stored = {url: string; token: string | null}
const storedHooks = (kind: string) => [...sb.sandbox.store.slice<Map<number, Stored>>(kind, () => new Map()).values()]

describe.each([
  {scope: 'projects', path: 'acme/website', api: '/projects/acme%2Fwebsite/hooks', as: 'owner', store: 'webhooks'},
  {scope: 'groups', path: 'acme', api: '/groups/acme/hooks', as: 'owner', store: 'webhooks'},
  {scope: 'instance', path: '', api: '/hooks', as: 'admin', store: 'hooks'},
] as const)('$scope hooks', ({scope, path, api, as, store}) => {
  const entry = scope === 'instance' ? 'instance:\n  hooks:\n' : `${scope}:\n  ${path}:\n    hooks:\n`
  const hookOf = (host: string) => storedHooks(store).find(hook => hook.url.includes(host))

  it('a new password in the URL is an update, sent with the token, and never shown; by -f and by a saved plan', async () => {
    const host = `rotate-${scope}.example.com`
    await sb.api('POST', api, {as, body: {url: `https://bot:OldPass11@${host}/in`, token: 'old-token-4444', push_events: true}})
    const file = join(folder, `${scope}.yaml`)
    writeFileSync(file, `version: 1\n${entry}      - {url: {env: ROT_URL}, token: {env: ROT_TOKEN}, push_events: true}\n`)
    const env = {ROT_URL: `https://bot:NewPass22@${host}/in`, ROT_TOKEN: 'new-token-5555'}
    const planned = await sb.run(['plan', '-f', file, '--exit-code'], {as, env})
    expect(planned.stdout).toMatch(new RegExp(`~ hooks https://\\*\\*\\*@${host.replace(/\./g, '\\.')}/…#[0-9a-f]{12}: url \\(sensitive\\)`))
    expect(planned.code, planned.stdout + planned.stderr).toBe(10)
    const applied = await sb.run(['apply', '-f', file, '--yes', '--verbose'], {as, env})
    expect(applied.code, applied.stdout + applied.stderr).toBe(0)
    expect(hookOf(host)).toEqual(expect.objectContaining({url: env.ROT_URL, token: env.ROT_TOKEN}))
    // and again through a saved plan
    const again = {ROT_URL: `https://bot:ThirdPass33@${host}/in`, ROT_TOKEN: 'third-token-6666'}
    const saved = await sb.run(['plan', '-f', file, '--out', `${file}.plan`], {as, env: again, cwd: folder})
    expect(saved.code, saved.stderr).toBe(0)
    const fromPlan = await sb.run(['apply', `${file}.plan`, '--yes'], {as, env: again, cwd: folder})
    expect(fromPlan.code, fromPlan.stdout + fromPlan.stderr).toBe(0)
    expect(hookOf(host)).toEqual(expect.objectContaining({url: again.ROT_URL, token: again.ROT_TOKEN}))
    for (const run of [planned, applied, saved, fromPlan]) {
      for (const secret of ['OldPass11', 'NewPass22', 'ThirdPass33', 'old-token-4444', 'new-token-5555', 'third-token-6666']) expect(run.stdout + run.stderr).not.toContain(secret)
    }
  })
})

// The `hooks` section of projects and groups (issue 37 item 4): webhooks by url, the token by reference and
// never printed, saved or exported; a URL with credentials by reference too. Against a sandbox seeded with a
// hook in acme/website and one in the group acme (src/sandbox/routes/webhooks.ts).
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {requestsOf, type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const folder = mkdtempSync(join(tmpdir(), 'forgectl-state-webhooks-'))
let files = 0
const owner = {as: 'owner'} as const satisfies SandboxRunOptions

function stateFile(text: string): string {
  const path = join(folder, `state-${++files}.yaml`)
  writeFileSync(path, `version: 1\n${text}`)
  return path
}

const plan = (file: string, options: SandboxRunOptions = owner, extra: string[] = []) => sb.run(['plan', '-f', file, ...extra], options)
const apply = (file: string, options: SandboxRunOptions = owner) => sb.run(['apply', '-f', file, '--yes'], options)
const writes = async (run: () => Promise<unknown>) => (await requestsOf(sb, run)).filter(request => !request.startsWith('GET '))
const storedToken = (url: string) => [...sb.sandbox.store.slice<Map<number, {url: string; token: string | null}>>('webhooks', () => new Map()).values()].find(h => h.url === url)?.token

describe.each([
  {scope: 'projects', path: 'acme/website', api: '/projects/acme%2Fwebsite/hooks', own: 'milestone_events', other: 'member_events'},
  {scope: 'groups', path: 'acme', api: '/groups/acme/hooks', own: 'member_events', other: 'milestone_events'},
])('$scope hooks', ({scope, path, api, own, other}) => {
  const url = `https://state-${scope}.example.com/hook`
  const env = {STATE_WEBHOOK_TOKEN: `token-of-${scope}-42`}

  it('creates, then nothing; updates, then nothing; prunes; the token by reference, never printed', async () => {
    const first = stateFile(`${scope}:\n  ${path}:\n    hooks:\n      - {url: "${url}", token: {env: STATE_WEBHOOK_TOKEN}, ${own}: true, push_events: false}\n`)
    const planned = await plan(first, {...owner, env})
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toMatch(new RegExp(`\\+ hooks https://state-${scope}\\.example\\.com/…#[0-9a-f]{12}: token \\(sensitive\\), ${own} true, push_events false`))
    const applied = await apply(first, {...owner, env})
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stdout + applied.stderr + planned.stdout).not.toContain(env.STATE_WEBHOOK_TOKEN)
    expect(storedToken(url)).toBe(env.STATE_WEBHOOK_TOKEN)
    // the token cannot be read back: the plan says so, and a second apply sends nothing
    expect(await writes(() => apply(first, {...owner, env}))).toEqual([])
    const again = await plan(first, {...owner, env}, ['--exit-code'])
    expect(again.stdout).toMatch(/\? hooks .*: token \(sensitive\) cannot compare/)
    expect(again.code).toBe(0)

    const second = stateFile(`${scope}:\n  ${path}:\n    hooks:\n      - {url: "${url}", ${own}: false, pipeline_events: true}\n`)
    const updating = await plan(second)
    expect(updating.stdout).toMatch(new RegExp(`~ hooks .*: ${own} true → false, pipeline_events false → true`))
    expect(await writes(() => apply(second))).toEqual([expect.stringMatching(new RegExp(`^PUT ${api}/\\d+$`))])
    expect(await writes(() => apply(second))).toEqual([])
    // an update that does not name the token leaves it as it was
    expect(storedToken(url)).toBe(env.STATE_WEBHOOK_TOKEN)

    const seeded = (await sb.api<Array<{url: string}>>('GET', api, owner)).body.map(hook => hook.url).filter(u => u !== url)
    const prune = stateFile(`${scope}:\n  ${path}:\n    hooks:\n${seeded.map(u => `      - {url: "${u}"}\n`).join('')}    prune: [hooks]\n`)
    const pruning = await plan(prune)
    expect(pruning.stdout).toMatch(new RegExp(`- hooks https://state-${scope}\\.example\\.com/…#[0-9a-f]{12}`))
    expect((await apply(prune)).code).toBe(0)
    expect((await plan(prune, owner, ['--exit-code'])).code).toBe(0)
  })

  it(`refuses the other kind's event (${other}) in the file, before any request`, async () => {
    const file = stateFile(`${scope}:\n  ${path}:\n    hooks:\n      - {url: "${url}/other", ${other}: true}\n`)
    const before = sb.sandbox.requests.length
    const planned = await plan(file)
    expect(planned.code).toBe(2)
    expect(planned.stderr).toContain(`${other}`)
    expect(planned.stderr).toContain('hooks only')
    expect(sb.sandbox.requests.length).toBe(before)
  })

  it('exports what plan then finds nothing to change in, without the token; a URL with credentials as a reference', async () => {
    const secretUrl = `https://bot:webhookPass77@creds-${scope}.example.com/in`
    await sb.api('POST', api, {...owner, body: {url: secretUrl, token: 'exported-never-9', issues_events: true}})
    const exported = await sb.run(['export', scope === 'projects' ? '-p' : '-g', path, '--sections', 'hooks'], owner)
    expect(exported.code, exported.stderr).toBe(0)
    for (const secret of ['webhookPass77', 'exported-never-9', 'seeded-webhook-secret']) expect(exported.stdout).not.toContain(secret)
    const name = /env: (STATE_\w+_HOOK_URL_CREDS_\w+)/.exec(exported.stdout)?.[1]
    expect(name, exported.stdout).toBeDefined()
    const file = stateFile(exported.stdout.replace(/^version: 1\n/, ''))
    const planned = await plan(file, {...owner, env: {[name!]: secretUrl}}, ['--exit-code'])
    expect(planned.stdout, exported.stdout).toContain('No changes')
    expect(planned.code).toBe(0)
    expect(readFileSync(file, 'utf8')).toContain('hooks:')
  })
})

// `webhooks` (issue 37): project and group webhooks against the sandbox over HTTP. The token is write-only
// (never returned, never shown), the URL a secret input, and each kind's own events refused for the other.
import {describe, expect, it} from 'vitest'
import type {Webhook} from '../../src/api/webhooks.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const owner = {as: 'owner'} as const satisfies SandboxRunOptions
const PROJECT = 'acme/website'
const projectHooks = '/projects/acme%2Fwebsite/hooks'

/** the token the sandbox keeps for a hook: what the platform stores and never returns */
const storedToken = (id: unknown) => sb.sandbox.store.slice<Map<number, {token: string | null}>>('webhooks', () => new Map()).get(Number(id))?.token
const newHook = async (body: Record<string, unknown> = {}) => (await sb.api<Webhook>('POST', projectHooks, {...owner, body: {url: 'https://receiver.example.com/hook', ...body}})).body

describe('webhooks list and get', () => {
  it('--json prints exactly the API body, for a project and for a group', async () => {
    for (const [flag, scope, path] of [
      ['-p', PROJECT, projectHooks],
      ['-g', 'acme', '/groups/acme/hooks'],
    ] as const) {
      const result = await sb.run(['webhooks', 'list', flag, scope, '--json'], owner)
      expect(result.code, result.stderr).toBe(0)
      expect(result.json()).toEqual((await sb.api('GET', path, owner)).body)
    }
  })

  it('ls is list; the table shows the default columns', async () => {
    const result = await sb.run(['webhooks', 'ls', '-p', PROJECT, '-o', 'table'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.split('\n')[0]).toMatch(/^id\s+name\s+url\s+push_events\s+alert_status\s*$/)
    expect(result.stdout).toMatch(/CI\s+https:\/\/ci\.example\.com\/hook\s+true\s+executable/)
  })

  it('get never shows the token; a hook of another scope is exit 3; neither -p nor -g is exit 2 with nothing sent', async () => {
    const [seeded] = (await sb.api<Webhook[]>('GET', projectHooks, owner)).body
    const result = await sb.run(['webhooks', 'get', String(seeded!.id), '-p', PROJECT, '--json'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).not.toContain('seeded-webhook-secret')
    expect(result.json<Webhook>().url_variables).toEqual([])
    expect((await sb.run(['webhooks', 'get', String(seeded!.id), '-g', 'acme'], owner)).code).toBe(3)
    const {result: none, requests} = await sb.runCounted(['webhooks', 'get', String(seeded!.id)], owner)
    expect([none.code, requests]).toEqual([2, 0])
    expect(none.stderr).toContain('--project (-p) or --group (-g)')
  })
})

describe('webhooks create', () => {
  it('reads the token from standard input with --token-stdin: sent, stored, never printed', async () => {
    const result = await sb.run(['webhooks', 'create', '-p', PROJECT, '--url', 'https://stdin.example.com/hook', '--token-stdin', '--merge-requests-events', '--json'], {
      ...owner,
      stdin: 'stdin-hook-secret-31\n',
    })
    expect(result.code, result.stderr).toBe(0)
    const created = result.json<Webhook>()
    expect(created).toMatchObject({merge_requests_events: true, push_events: true, url: '[REDACTED]'})
    expect(storedToken(created.id)).toBe('stdin-hook-secret-31')
    expect(result.stdout + result.stderr).not.toContain('stdin-hook-secret-31')
  })

  it('--dry-run sends nothing and shows neither the token nor the URL', async () => {
    const {result, requests} = await sb.runCounted(['webhooks', 'create', '-g', 'acme', '--url', 'https://user:urlPass9@dry.example.com/h', '--secret-token', 'dry-secret-55', '--dry-run'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(requests).toBe(0)
    expect(result.stdout + result.stderr).toContain('POST')
    for (const secret of ['dry-secret-55', 'urlPass9']) expect(result.stdout + result.stderr).not.toContain(secret)
  })

  it("refuses another kind's event, a bad URL and --token-stdin with --secret-token before sending (exit 2)", async () => {
    for (const [args, words] of [
      [['-p', PROJECT, '--url', 'https://x.example.com/', '--member-events'], '--member-events applies to groups (-g) only'],
      [['-g', 'acme', '--url', 'https://x.example.com/', '--no-milestone-events'], '--milestone-events applies to projects (-p) only'],
      [['-p', PROJECT, '--url', 'ftp://x.example.com/'], '--url: must be an absolute http or https URL'],
      [['-p', PROJECT, '--url', 'https://x.example.com/', '--secret-token', 's', '--token-stdin'], '--token-stdin'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['webhooks', 'create', ...args], {...owner, stdin: 'x\n'})
      expect([result.code, requests], args.join(' ')).toEqual([2, 0])
      expect(result.stderr).toContain(words)
      expect(result.stderr).not.toMatch(/\n\s+at /)
    }
  })

  it('a Developer is refused by the server: exit 5', async () => {
    const result = await sb.run(['webhooks', 'create', '-p', PROJECT, '--url', 'https://dev.example.com/'], {as: 'developer'})
    expect(result.code).toBe(5)
  })
})

describe('webhooks update, delete and test', () => {
  it('update changes what is given; a new URL without a token warns that the server drops it', async () => {
    const hook = await newHook({token: 'keep-me-1'})
    const changed = await sb.run(['webhooks', 'update', String(hook.id), '-p', PROJECT, '--no-push-events', '--pipeline-events', '--json'], owner)
    expect(changed.code, changed.stderr).toBe(0)
    expect(changed.json<Webhook>()).toMatchObject({push_events: false, pipeline_events: true})
    expect(storedToken(hook.id)).toBe('keep-me-1')
    const moved = await sb.run(['webhooks', 'update', String(hook.id), '-p', PROJECT, '--url', 'https://moved.example.com/'], owner)
    expect(moved.code, moved.stderr).toBe(0)
    expect(moved.stderr).toContain("a new URL drops the hook's secret token")
    expect(storedToken(hook.id)).toBeNull()
    const none = await sb.runCounted(['webhooks', 'update', String(hook.id), '-p', PROJECT], owner)
    expect([none.result.code, none.requests]).toEqual([2, 0])
  })

  it('delete asks nothing with --yes, and rm is delete', async () => {
    const hook = await newHook()
    const result = await sb.run(['webhooks', 'rm', String(hook.id), '-p', PROJECT, '--yes'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(`Deleted webhook ${String(hook.id)} of project "acme/website"`)
    expect((await sb.api('GET', `${projectHooks}/${String(hook.id)}`, owner)).status).toBe(404)
  })

  it("test sends the event's sample; an event of the other kind, or no event at all, is exit 2 with nothing sent", async () => {
    const hook = await newHook()
    const sent = await sb.run(['webhooks', 'test', String(hook.id), 'push_events', '-p', PROJECT], owner)
    expect(sent.code, sent.stderr).toBe(0)
    expect(sent.stderr).toContain(`Sent a sample of push_events to webhook ${String(hook.id)}`)
    const tested = sb.sandbox.store.slice<Map<number, {tested: string[]}>>('webhooks', () => new Map()).get(Number(hook.id))?.tested
    expect(tested).toEqual(['push_events'])
    // the platform's reason, when it has no sample to send (exit 6, as every 422)
    const refused = await sb.run(['webhooks', 'test', String(hook.id), 'pipeline_events', '-p', PROJECT], owner)
    expect([refused.code, refused.stderr]).toEqual([6, expect.stringContaining('Ensure the project has CI pipelines.')])
    for (const event of ['member_events', 'pushevents']) {
      const {result, requests} = await sb.runCounted(['webhooks', 'test', String(hook.id), event, '-p', PROJECT], owner)
      expect([result.code, requests], event).toEqual([2, 0])
      expect(result.stderr, event).toContain('EVENT')
    }
  })
})

describe('api on a webhook', () => {
  it("hides a URL variable's value in its trace, as for a system hook (src/api/secret-paths.ts)", async () => {
    const hook = await newHook({url: 'https://vars.example.com/{api_key}'})
    const path = `${projectHooks}/${String(hook.id)}/url_variables/api_key`
    const result = await sb.run(['api', 'PUT', path, '-f', 'value=url-variable-secret-64', '--verbose'], owner)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toContain(`> PUT ${sb.url}/api/v4${path}`)
    expect(result.stdout + result.stderr).not.toContain('url-variable-secret-64')
    const variables = sb.sandbox.store.slice<Map<number, {url_variables: Map<string, string>}>>('webhooks', () => new Map()).get(Number(hook.id))?.url_variables
    expect(variables?.get('api_key')).toBe('url-variable-secret-64')
  })
})

// `protected-tags` against the sandbox (issue 37): the commands send what the platform's routes take
// (lib/api/protected_tags.rb, test/contract/protected-tags.test.ts) and speak its levels as roles.
import {describe, expect, it} from 'vitest'
import type {ProtectedTag} from '../../src/api/protected-tags.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const maintainer: SandboxRunOptions = {as: 'maintainer'}

const tagsOf = async (project: number) => (await sb.api<ProtectedTag[]>('GET', `/projects/${project}/protected_tags`, {as: 'maintainer'})).body
const levels = (tag: ProtectedTag | undefined) => tag?.create_access_levels.map(rule => rule.access_level)

describe('protected-tags list and get', () => {
  it('lists the protections of a project as the API does, and shows levels as roles in a table', async () => {
    const listed = await sb.run(['protected-tags', 'list', '-p', 'acme/platform/api', '--json'], maintainer)
    expect(listed.code, listed.stderr).toBe(0)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'GET', path: '/projects/acme%2Fplatform%2Fapi/protected_tags'})
    expect(listed.json()).toEqual(await tagsOf(20))
    const table = await sb.run(['protected-tags', 'ls', '-p', '20', '-o', 'table'], maintainer)
    expect(table.stdout.split('\n')[0]).toMatch(/^name\s+create_access_levels\.access_level\s+create_access_levels\.access_level_description\s*$/)
    expect(table.stdout).toMatch(/^v\*\s+maintainer\s+Maintainers\s*$/m)
    expect(table.stdout).toMatch(/^rc-\*\s+developer\s+Developers \+ Maintainers\s*$/m)
  })

  it('gets a wildcard by its name, one encoded path segment', async () => {
    const got = await sb.run(['protected-tags', 'get', 'v*', '-p', '21', '--json'], maintainer)
    expect(got.code, got.stderr).toBe(0)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'GET', path: '/projects/21/protected_tags/v*'})
    expect(levels(got.json<ProtectedTag>())).toEqual([0])
  })

  it('a name not protected is exit 3; a Developer is refused (403, exit 5)', async () => {
    const missing = await sb.run(['protected-tags', 'get', 'nope', '-p', '20'], maintainer)
    expect(missing.code).toBe(3)
    expect(missing.stderr).toMatch(/^Error: 404 Not Found/)
    const developer = await sb.run(['protected-tags', 'list', '-p', '20'], {as: 'developer'})
    expect(developer.code).toBe(5)
    expect(developer.stderr).toMatch(/^Error: 403 Forbidden/)
  })
})

describe('protected-tags protect', () => {
  it('protects a wildcard with a slash, the level given as a word and sent as its number', async () => {
    const args = ['protected-tags', 'protect', 'cmd/*', '-p', '20', '--create-access-level', 'developer']
    const dry = await sb.run([...args, '--dry-run'], maintainer)
    expect(dry.stderr).toContain('DRY RUN {"name":"cmd/*","create_access_level":30}')
    const made = await sb.run([...args, '--json'], maintainer)
    expect(made.code, made.stderr).toBe(0)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/projects/20/protected_tags'})
    expect(levels((await tagsOf(20)).find(tag => tag.name === 'cmd/*'))).toEqual([30])
  })

  it('without a level sends none, and the server lets Maintainers create; -q prints the name unprotect takes', async () => {
    const made = await sb.run(['protected-tags', 'protect', 'cmd-default', '-p', '20', '-q'], maintainer)
    expect(made.code, made.stderr).toBe(0)
    expect(made.stdout).toBe('cmd-default\n')
    expect((await sb.run(['protected-tags', 'protect', 'cmd-default', '-p', '20', '--dry-run'], maintainer)).stderr).toContain('DRY RUN {"name":"cmd-default"}\n')
    expect(levels((await tagsOf(20)).find(tag => tag.name === 'cmd-default'))).toEqual([40])
  })

  it.each([
    [['--create-access-level', 'reporter'], /--create-access-level "reporter": must be one of 0, 30, 40, 60 \(or their roles: no one, developer, maintainer, admin\)/],
    [['--create-access-level', '20'], /--create-access-level "20": must be one of 0, 30, 40, 60/],
  ])('refuses %j before any request (exit 2)', async (flags, message) => {
    const {result, requests} = await sb.runCounted(['protected-tags', 'protect', 'cmd-bad', '-p', '20', ...flags], maintainer)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
    expect(result.stderr).not.toMatch(/^\s+at /m)
    expect(requests).toBe(0)
  })

  it("a name protected already is the server's 422, exit 6", async () => {
    const again = await sb.run(['protected-tags', 'protect', 'v*', '-p', '20'], maintainer)
    expect(again.code).toBe(6)
    expect(again.stderr).toContain('Name has already been taken')
  })
})

describe('protected-tags unprotect', () => {
  it('refuses without a terminal and without --yes, sending nothing; with --yes it deletes', async () => {
    await sb.api('POST', '/projects/20/protected_tags', {as: 'maintainer', body: {name: 'cmd-gone'}})
    const {result, requests} = await sb.runCounted(['protected-tags', 'unprotect', 'cmd-gone', '-p', '20'], maintainer)
    expect(result.code).not.toBe(0)
    expect(requests).toBe(0)
    const done = await sb.run(['protected-tags', 'unprotect', 'cmd-gone', '-p', '20', '--yes'], maintainer)
    expect(done.code, done.stderr).toBe(0)
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'DELETE', path: '/projects/20/protected_tags/cmd-gone'})
    expect(done.stderr).toBe('Unprotected tag "cmd-gone".\n')
    expect((await tagsOf(20)).map(tag => tag.name)).not.toContain('cmd-gone')
  })

  it('--dry-run shows the DELETE and sends nothing', async () => {
    const {result, requests} = await sb.runCounted(['protected-tags', 'unprotect', 'v*', '-p', '20', '--yes', '--dry-run'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr + result.stdout).toContain('DELETE')
    expect(requests).toBe(0)
  })
})

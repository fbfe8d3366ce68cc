// A name is the name, never "the parent" (issue 23): the three commands that hit another resource with
// a name of `..`, run against the sandbox, which routes on the raw path as the platform does. And the
// comma lists of scope flags: split where a command acts on several targets, refused where it takes one.
import {describe, expect, it} from 'vitest'
import type {DeployKey} from '../../src/api/deploy-keys.js'
import type {SystemHook} from '../../src/api/hooks.js'
import type {Label} from '../../src/api/labels.js'
import type {BulkRow} from '../../src/core/lists/bulk.js'
import type {RunResult} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'
import {makeKey} from '../helpers/ssh-keys.js'

const sb = useSandbox()

/** the paths that reached the sandbox while `action` ran, as they arrived (after /api/v4) */
async function pathsSeen(action: () => Promise<RunResult>): Promise<{result: RunResult; paths: string[]}> {
  const before = sb.sandbox.requests.length
  const result = await action()
  return {result, paths: sb.sandbox.requests.slice(before).map(r => `${r.method} ${r.path}`)}
}

function expectRefused(result: RunResult, message: string): void {
  expect(result.code).toBe(2)
  expect(result.stdout).toBe('')
  expect(result.stderr).toBe(`Error: ${message}\n`)
}

describe('a name of .. is that name', () => {
  it('hooks url-variables delete 1012 .. deletes the variable named "..", never the hook', async () => {
    const set = await pathsSeen(() => sb.run(['hooks', 'url-variables', 'set', '1012', '..', 'v-1'], {as: 'admin'}))
    expect(set.result.code, set.result.stderr).toBe(0)
    expect(set.paths).toEqual(['PUT /hooks/1012/url_variables/%2E%2E'])
    const hook = async () => sb.api<SystemHook>('GET', '/hooks/1012', {as: 'admin'})
    expect((await hook()).body.url_variables).toEqual([{key: 'tenant'}, {key: '..'}])

    const {result, paths} = await pathsSeen(() => sb.run(['hooks', 'url-variables', 'delete', '1012', '..', '-y'], {as: 'admin'}))
    expect(result.code, result.stderr).toBe(0)
    expect(paths).toEqual(['DELETE /hooks/1012/url_variables/%2E%2E'])
    expect((await hook()).status).toBe(200)
    expect((await hook()).body.url_variables).toEqual([{key: 'tenant'}])

    // gone now: the server says so about the variable, and the hook stays
    const again = await sb.run(['hooks', 'url-variables', 'delete', '1012', '..', '-y'], {as: 'admin'})
    expect(again.code).toBe(3)
    expect(again.stderr).toContain('(DELETE /api/v4/hooks/1012/url_variables/%2E%2E)')
    expect((await hook()).status).toBe(200)
  })

  it('labels delete .. deletes the label named "..", and the project and its other labels stay', async () => {
    const labels = async () => (await sb.api<Label[]>('GET', '/projects/20/labels?per_page=100', {as: 'owner'})).body.map(l => l.name)
    const created = await sb.run(['labels', 'create', '..', '--color', '#00ff00', '-p', 'acme/platform/api', '--json'], {as: 'owner'})
    expect(created.code, created.stderr).toBe(0)
    expect(await labels()).toContain('..')
    const got = await sb.run(['labels', 'get', '..', '-p', '20', '--json'], {as: 'owner'})
    expect(got.json<Label>().name).toBe('..')
    const before = await labels()

    const {result, paths} = await pathsSeen(() => sb.run(['labels', 'delete', '..', '-p', '20', '-y'], {as: 'owner'}))
    expect(result.code, result.stderr).toBe(0)
    expect(paths).toEqual(['DELETE /projects/20/labels/%2E%2E'])
    expect(await labels()).toEqual(before.filter(name => name !== '..'))

    const single = await pathsSeen(() => sb.run(['labels', 'delete', '.', '-p', '20', '-y'], {as: 'owner'}))
    expect(single.result.code).toBe(3)
    // after the 404, the read that tells a label of an ancestor group from none (topics/labels.ts, ownLabel)
    expect(single.paths).toEqual(['DELETE /projects/20/labels/%2E', 'GET /projects/20/labels/%2E'])
    expect(await labels()).toEqual(before.filter(name => name !== '..'))
  })

  it('deploy-keys delete 3 -p .. is refused before anything is sent: no project has that path', async () => {
    for (const project of ['..', '.', 'acme/..', '../acme', 'acme/./website']) {
      const {result, requests} = await sb.runCounted(['deploy-keys', 'delete', '3', '-p', project, '-y'], {as: 'admin'})
      expectRefused(result, `--project "${project}": a full path has no "." or ".." segment`)
      expect(requests).toBe(0)
    }
    const group = await sb.runCounted(['labels', 'list', '-g', '..'])
    expectRefused(group.result, '--group "..": a full path has no "." or ".." segment')
    expect(group.requests).toBe(0)
  })

  it('--dry-run, --verbose and the error line show the path really sent', async () => {
    const dry = await sb.runCounted(['labels', 'delete', '..', '-p', '20', '-y', '--dry-run'], {as: 'owner'})
    expect(dry.requests).toBe(0)
    expect(dry.result.stderr).toContain(`DRY RUN DELETE ${sb.url}/api/v4/projects/20/labels/%2E%2E\n`)
    const verbose = await sb.run(['labels', 'get', '..', '-p', '20', '--verbose'], {as: 'owner'})
    expect(verbose.code).toBe(3)
    expect(verbose.stderr).toContain(`> GET ${sb.url}/api/v4/projects/20/labels/%2E%2E\n`)
    expect(verbose.stderr).toContain('Error: 404 Not Found: Label Not Found (GET /api/v4/projects/20/labels/%2E%2E)')
  })
})

describe('the sandbox routes as the platform does', () => {
  it('splits the raw path at / and decodes each segment after: %2F and %2E%2E stay inside one parameter', async () => {
    await sb.api('POST', '/projects/20/labels', {as: 'owner', body: {name: 'a/..', color: '#00ff00'}})
    expect((await sb.api<Label>('GET', '/projects/acme%2Fplatform%2Fapi/labels/a%2F%2E%2E', {as: 'owner'})).body.name).toBe('a/..')
    // a broken escape is the client's mistake, answered 400 as Rails answers it, not a 500
    expect((await sb.api('GET', '/projects/20/labels/%E0%A4%A', {as: 'owner'})).status).toBe(400)
  })
})

describe('api METHOD PATH: sent as typed', () => {
  it('refuses a plain . or .. segment, and sends an encoded one as it was written', async () => {
    const refused = await sb.runCounted(['api', 'DELETE', '/projects/20/labels/..'], {as: 'owner'})
    expectRefused(refused.result, 'PATH "/projects/20/labels/..": has a "." or ".." segment: leave it out, or write %2E%2E for a name that is ".."')
    expect(refused.requests).toBe(0)
    expect((await sb.runCounted(['api', 'GET', 'projects/./20'])).requests).toBe(0)

    await sb.api('POST', '/projects/20/labels', {as: 'owner', body: {name: '..', color: '#00ff00'}})
    const {result, paths} = await pathsSeen(() => sb.run(['api', 'GET', '/projects/20/labels/%2e%2E', '--verbose'], {as: 'owner'}))
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Label>().name).toBe('..')
    expect(paths).toEqual(['GET /projects/20/labels/%2E%2E'])
    expect(result.stderr).toContain(`> GET ${sb.url}/api/v4/projects/20/labels/%2E%2E\n`)
    // a dot in a query value or inside a name is nothing special
    const query = await pathsSeen(() => sb.run(['api', 'GET', '/projects/20/labels?search=..'], {as: 'owner'}))
    expect(query.paths).toEqual(['GET /projects/20/labels'])
    expect(query.result.json<Label[]>().map(l => l.name)).toContain('..')
  })

  it('fields and --all join the query PATH has, instead of ending up inside its last value', async () => {
    const all = await pathsSeen(() => sb.run(['api', 'GET', '/projects/20/labels?search=bug', '--all', '--verbose'], {as: 'owner'}))
    expect(all.result.code, all.result.stderr).toBe(0)
    expect(all.result.stderr).toContain(`> GET ${sb.url}/api/v4/projects/20/labels?search=bug&per_page=100\n`)
    expect(all.result.json<Label[]>().map(l => l.name)).toEqual(['bug'])
    const fields = await sb.run(['api', 'GET', '/projects/20/labels?search=bug', '-f', 'with_counts=true', '--dry-run'], {as: 'owner'})
    expect(fields.stderr).toContain(`DRY RUN GET ${sb.url}/api/v4/projects/20/labels?search=bug&with_counts=true\n`)
  })

  it('refuses a "#" in PATH: nothing after it would be sent', async () => {
    const refused = await sb.runCounted(['api', 'GET', '/projects/20/labels?search=#bug'], {as: 'owner'})
    expectRefused(refused.result, 'PATH "/projects/20/labels?search=#bug": has a "#", and nothing from it on would be sent: write %23 for a "#" in a name or value')
    expect(refused.requests).toBe(0)
  })
})

describe('comma lists of scope flags', () => {
  it('a command that takes one project refuses a comma list, naming the flag, and sends nothing', async () => {
    for (const [value, args] of [
      ['a,b', ['deploy-keys', 'delete', '3', '-p', 'a,b', '-y']],
      ['acme/website,acme/platform/api', ['deploy-keys', 'get', '3', '--project', 'acme/website,acme/platform/api']],
      ['20,', ['labels', 'list', '-p', '20,']],
    ] as const) {
      const {result, requests} = await sb.runCounted([...args], {as: 'admin'})
      expectRefused(result, `--project "${value}": names one project, and a full path never holds a comma`)
      expect(requests).toBe(0)
    }
    const group = await sb.runCounted(['milestones', 'list', '-g', 'acme,opensource'])
    expectRefused(group.result, '--group "acme,opensource": names one group, and a full path never holds a comma')
    const account = await sb.runCounted(['service-accounts', 'list', '-g', 'acme,opensource'], {as: 'admin'})
    expectRefused(account.result, '--group "acme,opensource": names one group, and a full path never holds a comma')
    const user = await sb.runCounted(['deploy-keys', 'list', '-u', 'alice,bob'], {as: 'admin'})
    expectRefused(user.result, '--user "alice,bob": names one user, and a username never holds a comma')
    expect(group.requests + account.requests + user.requests).toBe(0)
  })

  it('deploy-keys add splits every -p the one way: trimmed, empty entries dropped, each project once', async () => {
    const fresh = makeKey('comma-list')
    const {result, paths} = await pathsSeen(() =>
      sb.run(['deploy-keys', 'add', '--title', 'Commas', '--key', fresh.text, '-p', ' acme/platform/api , ,21,', '-p', '21', '-p', 'acme/platform/api', '--concurrency', '1', '--json'], {
        as: 'maintainer',
      }),
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<BulkRow<DeployKey>[]>().map(r => [r.item, r.status])).toEqual([
      ['project acme/platform/api', 'created'],
      ['project 21', 'existing'],
    ])
    // each project once, one POST each
    expect(paths).toEqual(['POST /projects/acme%2Fplatform%2Fapi/deploy_keys', 'POST /projects/21/deploy_keys'])
  })

  it('deploy-keys add refuses a list with a dot segment or nothing in it, before anything is sent', async () => {
    const fresh = makeKey('comma-bad')
    const dots = await sb.runCounted(['deploy-keys', 'add', '--title', 'Bad', '--key', fresh.text, '-p', '20,..'], {as: 'maintainer'})
    expectRefused(dots.result, '--project "..": a full path has no "." or ".." segment')
    const empty = await sb.runCounted(['deploy-keys', 'add', '--title', 'Bad', '--key', fresh.text, '-p', ' , '], {as: 'maintainer'})
    expectRefused(empty.result, '--project " , ": must not be empty')
    expect(dots.requests + empty.requests).toBe(0)
  })
})

describe('a full path as the browser or the wire shows it (issue 27)', () => {
  it('a web address, an encoded path or an empty segment is refused for -p, -g and PROJECT alike, naming the path meant, and nothing is sent', async () => {
    for (const [args, message] of [
      [['projects', 'get', 'https://forge.example.com/acme/website'], 'PROJECT "https://forge.example.com/acme/website": is a web address; give the project\'s full path (acme/website) or its ID'],
      [
        ['ci-variables', 'list', '-p', 'https://forge.example.com/acme/website/-/settings/ci_cd'],
        '--project "https://forge.example.com/acme/website/-/settings/ci_cd": is a web address; give the project\'s full path (acme/website) or its ID',
      ],
      [['milestones', 'list', '-g', 'http://forge.example.com/'], '--group "http://forge.example.com/": is a web address; give the group\'s full path or its ID'],
      [
        ['labels', 'list', '-p', 'https://forge.example.com/acme/website.git'],
        '--project "https://forge.example.com/acme/website.git": is a web address; give the project\'s full path (acme/website) or its ID',
      ],
      [
        ['labels', 'list', '-p', 'git@forge.example.com:acme/website.git'],
        '--project "git@forge.example.com:acme/website.git": is a clone address; give the project\'s full path (acme/website) or its ID',
      ],
      [['projects', 'get', 'acme/website.git'], 'PROJECT "acme/website.git": a full path never ends in .git or .atom (the platform\'s rule): give acme/website'],
      [['labels', 'list', '-p', 'acme%2Fwebsite'], '--project "acme%2Fwebsite": is encoded; give the full path as it reads (acme/website): forgectl encodes it'],
      [['projects', 'get', 'acme/website/'], 'PROJECT "acme/website/": a full path has no empty segment (a leading, trailing or double /): give acme/website'],
      [['groups', 'subgroups', '/acme//platform'], 'GROUP "/acme//platform": a full path has no empty segment (a leading, trailing or double /): give acme/platform'],
    ] as const) {
      const {result, requests} = await sb.runCounted([...args], {as: 'admin'})
      expectRefused(result, message)
      expect(requests).toBe(0)
    }
  })

  it('the path as it reads still works', async () => {
    const result = await sb.run(['projects', 'get', 'acme/website', '-q'], {as: 'admin'})
    expect(result.stdout).toBe('acme/website\n')
  })
})

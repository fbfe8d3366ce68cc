import {describe, expect, it} from 'vitest'
import type {Branch, ProtectedBranch} from '../../src/api/branches.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

/** the fields these tests look at; the CLI's --json is compared with the API's whole body */

const sb = useSandbox()
const maintainer: SandboxRunOptions = {as: 'maintainer'}

const branchesOf = async (project: string) => (await sb.api<Branch[]>('GET', `/projects/${encodeURIComponent(project)}/repository/branches?per_page=100`)).body
const branchOf = (project: string, name: string) => sb.api<Branch>('GET', `/projects/${encodeURIComponent(project)}/repository/branches/${encodeURIComponent(name)}`)
const names = (branches: Branch[]) => branches.map(b => b.name)
const lastRequest = () => sb.sandbox.requests.at(-1)!

describe('branches list', () => {
  it('prints exactly the API JSON, sorted by name ascending', async () => {
    const result = await sb.run(['branches', 'list', '-p', 'acme/platform/api', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual(await branchesOf('acme/platform/api'))
    const listed = names(result.json<Branch[]>())
    expect(listed).toEqual(['docs-update', 'feature-login', 'feature-search', 'fix_crash', 'main', 'release/2026-01', 'stable'])
    const main = result.json<Branch[]>().find(b => b.name === 'main')!
    expect(main).toMatchObject({default: true, protected: true, merged: false})
    expect(main.commit.id).toMatch(/^[0-9a-f]{40}$/)
    expect(main.commit.short_id).toBe(main.commit.id.slice(0, 8))
    expect(main.commit.trailers).toEqual({Changelog: 'added'})
  })

  it('shows the default columns in a table', async () => {
    const table = await sb.run(['branches', 'list', '-p', '20', '-o', 'table'])
    expect(table.stdout.split('\n')[0]).toMatch(/^name\s+merged\s+protected\s+default\s+commit\.short_id\s+commit\.committed_date\s*$/)
    expect(table.stdout).toMatch(/\nfeature-login\s+true\s+false\s+false\s+[0-9a-f]{8}\s+2026-01-14T/)
  })

  it('filters with --search: ^term is a prefix, term$ a suffix, else a substring', async () => {
    const run = async (search: string) => names((await sb.run(['branches', 'list', '-p', '20', '--search', search, '--json'])).json<Branch[]>())
    expect(await run('^feature')).toEqual(['feature-login', 'feature-search'])
    expect(lastRequest().query).toContain('search=%5Efeature')
    expect(await run('ch$')).toEqual(['feature-search'])
    expect(await run('_')).toEqual(['fix_crash'])
    expect(await run('E')).toEqual(['docs-update', 'feature-login', 'feature-search', 'release/2026-01', 'stable'])
  })

  it('filters with --regex', async () => {
    const result = await sb.run(['branches', 'list', '-p', '20', '--regex', '^(fix|docs)[_-]', '--json'])
    expect(result.code).toBe(0)
    expect(names(result.json<Branch[]>())).toEqual(['docs-update', 'fix_crash'])
    expect(lastRequest().query).toContain('regex=')
  })

  it('refuses --search with --regex before sending anything', async () => {
    const {result, requests} = await sb.runCounted(['branches', 'list', '-p', '20', '--search', 'a', '--regex', 'b'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: --search and --regex do not go together: give one of them\n')
    expect(requests).toBe(0)
  })

  it('an empty --search or --regex is a filter like any other: sent as given', async () => {
    const search = await sb.run(['branches', 'list', '-p', '20', '--search', '', '--json'])
    expect(search.code, search.stderr).toBe(0)
    expect(lastRequest().query).toContain('search=')
    expect(names(search.json<Branch[]>())).toEqual(names(await branchesOf('acme/platform/api')))
  })

  it('the server refuses both filters too (400)', async () => {
    const both = await sb.api<{error: string}>('GET', '/projects/20/repository/branches?search=a&regex=b')
    expect(both.status).toBe(400)
    expect(both.body.error).toBe('search, regex are mutually exclusive')
  })

  it('reads a public project without a token, and hides a private one (404, exit 3)', async () => {
    const list = await sb.run(['branches', 'list', '-p', 'opensource/tool', '--json'], {as: null})
    expect(list.code, list.stderr).toBe(0)
    expect(lastRequest().token).toBeUndefined()
    expect(names(list.json<Branch[]>())).toContain('main')
    expect(list.json<Branch[]>().every(b => b.can_push === false)).toBe(true)
    const one = await sb.run(['branches', 'get', 'main', '-p', 'opensource/tool', '--json'], {as: null})
    expect(one.code).toBe(0)
    expect(one.json<Branch>().default).toBe(true)
    const hidden = await sb.run(['branches', 'list', '-p', 'acme/platform/api'], {as: null})
    expect(hidden.code).toBe(3)
    expect(hidden.stderr).toContain('404 Not Found: Project Not Found (GET /api/v4/projects/acme%2Fplatform%2Fapi/repository/branches)')
    expect(hidden.stdout).toBe('')
  })

  it('hides a private project from an outsider (404, exit 3)', async () => {
    const outsider = await sb.run(['branches', 'get', 'main', '-p', '20'], {as: 'outsider'})
    expect(outsider.code).toBe(3)
  })
})

describe('branches get', () => {
  it('gets a branch whose name has a slash, sent as one encoded segment', async () => {
    const result = await sb.run(['branches', 'get', 'release/2026-01', '-p', '20', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(lastRequest().path).toBe('/projects/20/repository/branches/release%2F2026-01')
    expect(result.json()).toEqual((await branchOf('20', 'release/2026-01')).body)
    expect(result.json<Branch>()).toMatchObject({name: 'release/2026-01', merged: false, protected: false, can_push: true})
    expect(result.json<Branch>().commit.title).toBe('Prepare the January release')
  })

  it('reports a missing branch (404, exit 3)', async () => {
    const result = await sb.run(['branches', 'get', 'nope', '-p', '20'])
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('404 Not Found: Branch Not Found')
  })
})

describe('branches create', () => {
  it('creates a branch from a branch name (201) and the API shows it', async () => {
    const result = await sb.run(['branches', 'create', 'feature-export', '-p', 'acme/platform/api', '--ref', 'feature-search', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const created = result.json<Branch>()
    expect(created).toMatchObject({name: 'feature-export', merged: false, protected: false, default: false})
    expect(created.commit.id).toBe((await branchOf('20', 'feature-search')).body.commit.id)
    expect((await branchOf('20', 'feature-export')).body).toEqual(created)
  })

  it('creates a branch from a commit SHA, full or short', async () => {
    const docs = (await branchOf('20', 'docs-update')).body.commit
    const full = await sb.run(['branches', 'create', 'from-sha', '-p', '20', '--ref', docs.id, '--json'])
    expect(full.json<Branch>().commit.id).toBe(docs.id)
    const short = await sb.run(['branches', 'create', 'from_short_sha', '-p', '20', '--ref', docs.short_id, '--json'])
    expect(short.json<Branch>().commit.id).toBe(docs.id)
  })

  it("checks the name locally with git's rules, as the platform does, naming the broken rule", async () => {
    const cases: Array<[string, string]> = [
      ['bad name', 'no spaces or control characters'],
      ['x~1', 'none of ~ ^ : ? * [ \\'],
      ['a..b', 'no "..", "//" or "@{"'],
      ['-dash', 'no "-", "/" or "." at the start'],
      ['topic.lock', 'no "/", "." or ".lock" at the end'],
      ['HEAD', 'not "HEAD"'],
    ]
    for (const [name, rule] of cases) {
      // `--` so that a name starting with "-" reaches the check, not the flag parser
      const {result, requests} = await sb.runCounted(['branches', 'create', '-p', '20', '--ref', 'main', '--', name])
      expect(result.code, name).toBe(2)
      expect(result.stderr).toContain(`Error: BRANCH "${name}": must follow git's rules for branch names: ${rule}`)
      expect(requests).toBe(0)
    }
    for (const name of ['bad name', 'a..b', 'ends/', '-dash', 'x:y']) {
      const server = await sb.api<{message: string}>('POST', '/projects/20/repository/branches', {body: {branch: name, ref: 'main'}})
      expect(server.status, name).toBe(400)
      expect(server.body.message).toBe('Branch name is invalid')
    }
  })

  it('reports an unknown ref and an existing name (400, exit 6)', async () => {
    const unknown = await sb.run(['branches', 'create', 'orphan', '-p', '20', '--ref', 'no-such-ref'])
    expect(unknown.code).toBe(6)
    expect(unknown.stderr).toContain('400 Bad Request: Invalid reference name: no-such-ref (POST /api/v4/projects/20/repository/branches)')
    const exists = await sb.run(['branches', 'create', 'feature-login', '-p', '20', '--ref', 'main'])
    expect(exists.code).toBe(6)
    expect(exists.stderr).toContain('Branch already exists')
  })

  it('needs the Developer role (403, exit 5) and --ref', async () => {
    const reporter = await sb.run(['branches', 'create', 'x', '-p', '20', '--ref', 'main'], {as: 'reporter'})
    expect(reporter.code).toBe(5)
    const {result, requests} = await sb.runCounted(['branches', 'create', 'x', '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('Error: missing --ref (branch name or commit SHA to start from)\n')
    expect(requests).toBe(0)
  })

  it('refuses an empty BRANCH or --ref, and reports a missing BRANCH, sending nothing (exit 2)', async () => {
    for (const [args, message] of [
      [['', '--ref', 'main'], 'Error: BRANCH "": must not be empty'],
      [['x', '--ref', ''], 'Error: --ref "": must not be empty'],
      [['--ref', 'main'], 'Error: missing BRANCH (name of the new branch)'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['branches', 'create', '-p', '20', ...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain(message)
      expect(requests).toBe(0)
    }
  })

  it('--dry-run prints the request and sends nothing', async () => {
    const {result, requests} = await sb.runCounted(['branches', 'create', 'dry_one', '-p', '20', '--ref', 'main', '--dry-run'])
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/projects/20/repository/branches`)
    expect(result.stderr).toContain('{"branch":"dry_one","ref":"main"}')
    expect(result.stderr).not.toContain('sandbox-developer-token')
  })
})

describe('branches delete', () => {
  it('refuses without --yes and without a terminal, sending nothing', async () => {
    const {result, requests} = await sb.runCounted(['branches', 'delete', 'feature-login', '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
    expect((await branchOf('20', 'feature-login')).status).toBe(200)
  })

  it('deletes a branch (204), a name with a slash too', async () => {
    await sb.run(['branches', 'create', 'doomed', '-p', '20', '--ref', 'main'])
    const result = await sb.run(['branches', 'delete', 'doomed', '-p', '20', '--yes'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('Deleted branch "doomed"')
    expect((await branchOf('20', 'doomed')).status).toBe(404)
    const slash = await sb.run(['branches', 'delete', 'release/2026-01', '-p', 'acme/website', '-y'])
    expect(slash.code).toBe(0)
    expect(lastRequest().path).toBe('/projects/acme%2Fwebsite/repository/branches/release%2F2026-01')
    expect((await branchOf('21', 'release/2026-01')).status).toBe(404)
  })

  it("refuses the default branch and a protected branch with the server's explanation (400, exit 6)", async () => {
    const main = await sb.run(['branches', 'delete', 'main', '-p', '20', '--yes'])
    expect(main.code).toBe(6)
    expect(main.stderr).toContain('400 Bad Request: The default branch of a project cannot be deleted. (DELETE /api/v4/projects/20/repository/branches/main)')
    const stable = await sb.run(['branches', 'delete', 'stable', '-p', '20', '--yes'])
    expect(stable.code).toBe(6)
    expect(stable.stderr).toContain('You are not allowed to delete protected branches from this project')
    const asMaintainer = await sb.run(['branches', 'delete', 'stable', '-p', '20', '--yes'], maintainer)
    expect(asMaintainer.code).toBe(6)
    expect(asMaintainer.stderr).toContain('You can only delete protected branches using the web interface.')
    for (const name of ['main', 'stable']) expect((await branchOf('20', name)).status).toBe(200)
  })

  it('--dry-run needs no confirmation and deletes nothing', async () => {
    const {result, requests} = await sb.runCounted(['branches', 'delete', 'feature-login', '-p', '20', '--dry-run'])
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain('DRY RUN DELETE')
  })
})

describe('branches delete-merged', () => {
  it('refuses without --yes, and needs the Maintainer role (403, exit 5)', async () => {
    const {result, requests} = await sb.runCounted(['branches', 'delete-merged', '-p', 'acme/website'], maintainer)
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
    const developer = await sb.run(['branches', 'delete-merged', '-p', 'acme/website', '--yes'])
    expect(developer.code).toBe(5)
    expect(developer.stderr).toMatch(/^Error: 403 Forbidden/)
  })

  it('202: deletes merged branches, keeps protected ones, the default and unmerged ones', async () => {
    const before = await branchesOf('acme/website')
    expect(before.filter(b => b.merged).map(b => b.name)).toEqual(['feature-login', 'fix_crash', 'stable'])
    // a new branch at the default branch's head counts as not merged, as on the platform
    await sb.run(['branches', 'create', 'fresh', '-p', 'acme/website', '--ref', 'main'])
    const result = await sb.run(['branches', 'delete-merged', '-p', 'acme/website', '--yes', '--json'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual({message: '202 Accepted'})
    expect(result.stderr).toContain('protected ones and the default branch are kept.')
    expect(names(await branchesOf('acme/website'))).toEqual(['docs-update', 'feature-search', 'fresh', 'main', 'stable'])
  })
})

describe('branches protect and unprotect', () => {
  it('protects a branch (201): the record as the API sends it, and the branch becomes protected', async () => {
    const result = await sb.run(['branches', 'protect', 'feature-search', '-p', '20', '--push-access-level', '30', '--merge-access-level', '40', '--allow-force-push', '--json'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    const protection = result.json<ProtectedBranch>()
    expect(protection).toMatchObject({name: 'feature-search', allow_force_push: true})
    expect(protection.push_access_levels.map(l => l.access_level)).toEqual([30])
    expect(protection.merge_access_levels.map(l => l.access_level)).toEqual([40])
    expect(lastRequest()).toMatchObject({method: 'POST', path: '/projects/20/protected_branches'})
    const branch = (await branchOf('20', 'feature-search')).body
    expect(branch).toMatchObject({protected: true, developers_can_push: true, developers_can_merge: false})
  })

  it('reports a branch already protected as a conflict (409, exit 6)', async () => {
    const again = await sb.run(['branches', 'protect', 'feature-search', '-p', '20'], maintainer)
    expect(again.code).toBe(6)
    expect(again.stderr).toContain("409 Conflict: Protected branch 'feature-search' already exists")
  })

  it('protects by wildcard', async () => {
    const result = await sb.run(['branches', 'protect', 'docs-*', '-p', '20', '--json'], maintainer)
    expect(result.code).toBe(0)
    expect((await branchOf('20', 'docs-update')).body.protected).toBe(true)
  })

  it('checks access levels locally and needs the Maintainer role', async () => {
    const {result, requests} = await sb.runCounted(['branches', 'protect', 'x', '-p', '20', '--push-access-level', '20'], maintainer)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('Error: --push-access-level "20": must be one of 0, 30, 40, 60')
    expect(requests).toBe(0)
    const developer = await sb.run(['branches', 'protect', 'fix_crash', '-p', '20'])
    expect(developer.code).toBe(5)
  })

  it('unprotect refuses without --yes, then removes the protection (204); a second time is 404 (exit 3)', async () => {
    const {result: refused, requests} = await sb.runCounted(['branches', 'unprotect', 'feature-search', '-p', '20'], maintainer)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('refusing to unprotect branch "feature-search" of project 20 without confirmation: pass --yes (-y)')
    expect(requests).toBe(0)
    expect((await branchOf('20', 'feature-search')).body.protected).toBe(true)
    const result = await sb.run(['branches', 'unprotect', 'feature-search', '-p', '20', '--yes'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    expect((await branchOf('20', 'feature-search')).body.protected).toBe(false)
    const again = await sb.run(['branches', 'unprotect', 'feature-search', '-p', '20', '--yes'], maintainer)
    expect(again.code).toBe(3)
    expect(again.stderr).toContain('404 Not Found: Not found (DELETE /api/v4/projects/20/protected_branches/feature-search)')
  })

  it('unprotects a wildcard, encoded as one segment', async () => {
    const result = await sb.run(['branches', 'unprotect', 'docs-*', '-p', '20', '--yes'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(lastRequest().path).toBe('/projects/20/protected_branches/docs-*')
    expect((await branchOf('20', 'docs-update')).body.protected).toBe(false)
  })
})

describe('branch names given empty or not at all', () => {
  it.each([
    ['get', ['branches', 'get', '', '-p', '20'], 'Error: BRANCH "": must not be empty'],
    ['delete', ['branches', 'delete', '', '-p', '20', '--yes'], 'Error: BRANCH "": must not be empty'],
    ['protect', ['branches', 'protect', '', '-p', '20'], 'Error: BRANCH "": must not be empty'],
    ['unprotect', ['branches', 'unprotect', '   ', '-p', '20', '--yes'], 'Error: BRANCH "   ": must not be empty'],
    ['get without BRANCH', ['branches', 'get', '-p', '20'], 'Error: missing BRANCH (branch name)\nUsage: forgectl branches get BRANCH -p <value> [FLAGS]'],
    ['delete without BRANCH', ['branches', 'delete', '-p', '20', '--yes'], 'Error: missing BRANCH (branch name)\nUsage: forgectl branches delete BRANCH -p <value> [FLAGS]'],
    ['protect without BRANCH', ['branches', 'protect', '-p', '20'], 'Error: missing BRANCH (branch name or wildcard)\nUsage: forgectl branches protect BRANCH -p <value> [FLAGS]'],
    [
      'unprotect without BRANCH',
      ['branches', 'unprotect', '-p', '20', '--yes'],
      'Error: missing BRANCH (protected branch name or wildcard)\nUsage: forgectl branches unprotect BRANCH -p <value> [FLAGS]',
    ],
  ])('%s is refused with exit 2, nothing sent', async (_what, args, message) => {
    const {result, requests} = await sb.runCounted(args, maintainer)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(`${message}\n`)
    expect(requests).toBe(0)
  })
})

// The spec's prose allows only letters, digits, - and _ in a new branch name; the platform takes what git
// takes, so `feature/x` lives a whole life: created, read, protected, unprotected and deleted.
describe('branches with a slash in the name (feature/x), as on the platform', () => {
  it("creates feature/x and release/2026-02 (201), sent as the API's `branch`, and reads them back", async () => {
    for (const name of ['feature/x', 'release/2026-02']) {
      const created = await sb.run(['branches', 'create', name, '-p', 'acme/platform/api', '--ref', 'main', '--json'])
      expect(created.code, created.stderr).toBe(0)
      expect(created.json<Branch>()).toMatchObject({name, protected: false, default: false})
      expect(lastRequest()).toMatchObject({method: 'POST', path: '/projects/acme%2Fplatform%2Fapi/repository/branches'})
      const got = await sb.run(['branches', 'get', name, '-p', '20', '--json'])
      expect(got.code, got.stderr).toBe(0)
      expect(lastRequest().path).toBe(`/projects/20/repository/branches/${encodeURIComponent(name)}`)
      expect(got.json()).toEqual(created.json())
    }
    const listed = await sb.run(['branches', 'list', '-p', '20', '--search', '/', '--json'])
    expect(names(listed.json<Branch[]>())).toEqual(['feature/x', 'release/2026-01', 'release/2026-02'])
  })

  it('protects feature/x (201), which the branch then shows, and unprotects it (204)', async () => {
    const protect = await sb.run(['branches', 'protect', 'feature/x', '-p', '20', '--json'], maintainer)
    expect(protect.code, protect.stderr).toBe(0)
    expect(protect.json<ProtectedBranch>().name).toBe('feature/x')
    expect((await branchOf('20', 'feature/x')).body.protected).toBe(true)
    const refused = await sb.run(['branches', 'delete', 'feature/x', '-p', '20', '--yes'], maintainer)
    expect(refused.code).toBe(6)
    expect(refused.stderr).toContain('You can only delete protected branches using the web interface.')
    const unprotect = await sb.run(['branches', 'unprotect', 'feature/x', '-p', '20', '--yes'], maintainer)
    expect(unprotect.code, unprotect.stderr).toBe(0)
    expect(lastRequest().path).toBe('/projects/20/protected_branches/feature%2Fx')
    expect((await branchOf('20', 'feature/x')).body.protected).toBe(false)
  })

  it('deletes feature/x (204); it is then not found (404, exit 3)', async () => {
    const deleted = await sb.run(['branches', 'delete', 'feature/x', '-p', '20', '--yes'])
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(lastRequest()).toMatchObject({method: 'DELETE', path: '/projects/20/repository/branches/feature%2Fx'})
    const gone = await sb.run(['branches', 'get', 'feature/x', '-p', '20'])
    expect(gone.code).toBe(3)
    expect(gone.stderr).toContain('404 Not Found: Branch Not Found')
  })
})

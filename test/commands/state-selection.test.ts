// Which projects and groups a state file's keys select (issue 37, item 2; STATE.md "Selection" and
// "Replacing instead of merging"): `"**"` is every project the token can see (GET /projects, every
// page: an administrator sees every project, another user the public and internal ones and those of
// their groups, lib/api/projects.rb with app/finders/projects_finder.rb), `"*"` one path segment (a
// top-level group; no project, whose path always has a group), a glob may start with a wildcard, and an
// entry's `replace: [sections]` drops what earlier entries said of those sections for its scope.
import {describe, expect, it} from 'vitest'
import type {RunResult} from '../helpers/cli.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const {stateFile} = stateFiles('state-selection')
const admin: SandboxRunOptions = {as: 'admin'}

const plan = (file: string, options: SandboxRunOptions = admin, extra: string[] = []) => sb.run(['plan', '-f', file, ...extra], options)

/** the scopes a text plan names, in its order */
const scopesOf = (result: RunResult) => result.stdout.split('\n').filter(line => /^(project|group) /.test(line))

/** the lines of one scope's block of a text plan */
function blockOf(result: RunResult, scope: string): string[] {
  const lines = result.stdout.split('\n')
  const start = lines.indexOf(scope)
  if (start === -1) return []
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('  '))
  return lines.slice(start + 1, end === -1 ? undefined : end)
}

describe('"**": every project the token can see', () => {
  const file = () => stateFile('projects:\n  "**":\n    labels:\n      fleet-wide: {color: "#123456"}\n')

  it('for an administrator, every project', async () => {
    const planned = await plan(file())
    expect(planned.code, planned.stderr).toBe(0)
    expect(scopesOf(planned).sort()).toEqual(['project acme/design/brand', 'project acme/platform/api', 'project acme/website', 'project opensource/docs', 'project opensource/tool'])
    // one listing, read by keyset, whatever its length
    expect(sb.sandbox.requests.filter(request => request.path === '/projects').length).toBeGreaterThan(0)
  })

  it('for another user, the public and internal projects and those of their groups, and no more', async () => {
    // an entry without sections: the scopes are selected (one listing) and nothing else is read
    const selected = async (as: SandboxRunOptions['as']) => {
      const planned = await plan(stateFile('projects:\n  "**": {}\n'), {as}, ['--json'])
      expect(planned.code, planned.stderr).toBe(0)
      return planned.json<{summary: {scopes: number; requests: number}}>().summary
    }
    // carol belongs to no group: opensource/tool and docs (public) and acme/design/brand (internal)
    expect(await selected('outsider')).toEqual(expect.objectContaining({scopes: 3, requests: 1}))
    expect(await selected('developer')).toEqual(expect.objectContaining({scopes: 5, requests: 1}))
  })

  it('a glob may start with a wildcard: */website, **/api', async () => {
    const planned = await plan(stateFile('projects:\n  "*/website":\n    labels:\n      w: {color: red}\n  "**/api":\n    labels:\n      a: {color: red}\n'))
    expect(planned.code, planned.stderr).toBe(0)
    expect(scopesOf(planned)).toEqual(['project acme/website', 'project acme/platform/api'])
  })

  it('export -p "**" writes every project, and plan of it finds nothing to change', async () => {
    const exported = await sb.run(['export', '-p', '**', '--sections', 'labels,protected_branches'], admin)
    expect(exported.code, exported.stderr).toBe(0)
    for (const path of ['acme/website', 'acme/platform/api', 'opensource/tool']) expect(exported.stdout).toContain(`\n  ${path}:\n`)
    const planned = await plan(stateFile(exported.stdout.replace(/^version: 1\n/, '')), admin, ['--exit-code'])
    expect(planned.stdout).toContain('No changes')
    expect(planned.code, planned.stderr).toBe(0)
  })
})

describe('"*": one path segment', () => {
  it('under groups: every top-level group, no subgroup', async () => {
    const planned = await plan(stateFile('groups:\n  "*":\n    labels:\n      top-level: {color: "#654321"}\n'))
    expect(planned.code, planned.stderr).toBe(0)
    expect(scopesOf(planned)).toEqual(expect.arrayContaining(['group acme', 'group opensource']))
    expect(scopesOf(planned).filter(scope => scope.includes('/'))).toEqual([])
  })

  it('under projects: none, since a project path has a group; said before any write, exit 2', async () => {
    const planned = await plan(stateFile('projects:\n  "*":\n    labels:\n      x: {color: red}\n'))
    expect(planned.code).toBe(2)
    expect(planned.stderr).toMatch(/projects\."\*": matches no project \(5 projects this token can see; a project path has a group: \*\*, or \*\/\*\)\n$/)
  })
})

describe('replace: [sections]', () => {
  it("drops what earlier entries said of the section for that project, which keeps the rest of the fleet's", async () => {
    const file = stateFile(
      'projects:\n  "**":\n    labels:\n      fleet-a: {color: "#111111"}\n      fleet-b: {color: "#222222"}\n    protected_branches:\n      main: {allow_force_push: false}\n'
        + '  acme/website:\n    replace: [labels]\n    labels:\n      website-only: {color: "#5cb85c"}\n'
        + '  acme/design/brand:\n    replace: [labels]\n'
        + '  opensource/tool:\n    labels:\n      fleet-b: {description: merged}\n',
    )
    const planned = await plan(file)
    expect(planned.code, planned.stderr).toBe(0)
    const website = blockOf(planned, 'project acme/website')
    expect(website).toContain('  + labels website-only: color "#5cb85c"')
    expect(website.filter(line => line.includes('labels fleet-'))).toEqual([])
    // replaced by nothing: no labels at all there; the other sections as the fleet says
    expect(blockOf(planned, 'project acme/design/brand').filter(line => line.includes('labels'))).toEqual([])
    // without replace, the project's entry merges with the fleet's
    const tool = blockOf(planned, 'project opensource/tool')
    expect(tool).toContain('  + labels fleet-a: color "#111111"')
    expect(tool).toContain('  + labels fleet-b: color "#222222", description "merged"')

    const applied = await sb.run(['apply', '-f', file, '--yes'], admin)
    expect(applied.code, applied.stderr).toBe(0)
    const labels = async (project: string) =>
      (await sb.api<Array<{name: string}>>('GET', `/projects/${encodeURIComponent(project)}/labels?include_ancestor_groups=false&per_page=100`, {as: 'admin'})).body.map(label => label.name)
    expect(await labels('acme/website')).toContain('website-only')
    expect(await labels('acme/website')).not.toContain('fleet-a')
    expect(await labels('acme/design/brand')).not.toContain('fleet-a')
    expect(await labels('acme/platform/api')).toContain('fleet-a')
    expect((await plan(file, admin, ['--exit-code'])).code).toBe(0)
  })
})

import {describe, expect, it} from 'vitest'
import {GROUP_SETTINGS, PROJECT_SETTINGS} from '../../src/api/settings.js'
import type {AnyInput, Inputs} from '../../src/core/input/input.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

type Rec = Record<string, unknown>

/** what the sandbox answers GET for, as the caller sees it */
const read = async (path: string) => (await sb.api<Rec>('GET', path, {as: 'owner'})).body

/** requests other than GET that reached the sandbox while `run` ran */
async function writesDuring(run: () => Promise<unknown>): Promise<string[]> {
  const before = sb.sandbox.requests.length
  await run()
  return sb.sandbox.requests
    .slice(before)
    .filter(request => request.method !== 'GET')
    .map(request => `${request.method} ${request.path}`)
}

describe('settings get', () => {
  it("shows a project's settings with its ID and path, and nothing else of the record", async () => {
    const result = await sb.run(['settings', 'get', '-p', 'acme/platform/api', '--json'], {as: 'developer'})
    expect(result.code, result.stderr).toBe(0)
    const shown = result.json<Rec>()
    expect(shown).toMatchObject({id: 20, path_with_namespace: 'acme/platform/api', merge_method: 'ff', only_allow_merge_if_pipeline_succeeds: true, visibility: 'private'})
    expect(shown).not.toHaveProperty('http_url_to_repo')
    expect(shown).not.toHaveProperty('project_creation_level')
  })

  it("shows a group's settings, and -q prints the ID", async () => {
    const result = await sb.run(['settings', 'get', '-g', 'acme', '--json'], {as: 'developer'})
    expect(result.json<Rec>()).toMatchObject({id: 10, full_path: 'acme', project_creation_level: 'maintainer', two_factor_grace_period: 24})
    expect(result.json<Rec>()).not.toHaveProperty('merge_method')
    expect((await sb.run(['settings', 'get', '-g', 'acme', '-q'], {as: 'developer'})).stdout).toBe('10\n')
  })

  it('needs -p or -g: exit 2 and nothing sent', async () => {
    const result = await sb.run(['settings', 'get'], {as: 'developer'})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--project (-p) or --group (-g)')
  })
})

describe('settings update', () => {
  it('sends only the settings named, in one PUT, and prints the settings after', async () => {
    // a setting the command is not given stays as it is: nothing but the named fields is sent
    await sb.api('PUT', '/projects/21', {as: 'maintainer', body: {lfs_enabled: false}})
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const writes = await writesDuring(async () => {
      result = await sb.run(['settings', 'update', '-p', 'acme/website', '--merge-method', 'rebase_merge', '--no-remove-source-branch-after-merge', '--build-timeout', '90m', '--json'], {
        as: 'maintainer',
      })
    })
    expect(result!.code, result!.stderr).toBe(0)
    expect(writes).toEqual(['PUT /projects/acme%2Fwebsite'])
    expect(result!.json<Rec>()).toMatchObject({merge_method: 'rebase_merge', remove_source_branch_after_merge: false, build_timeout: 5400})
    expect(await read('/projects/21')).toMatchObject({merge_method: 'rebase_merge', remove_source_branch_after_merge: false, squash_option: 'default_off', lfs_enabled: false})
  })

  it('changes a group', async () => {
    const result = await sb.run(['settings', 'update', '-g', 'acme/design', '--subgroup-creation-level', 'owner', '--require-two-factor-authentication'], {as: 'owner'})
    expect(result.code, result.stderr).toBe(0)
    expect(await read('/groups/14')).toMatchObject({subgroup_creation_level: 'owner', require_two_factor_authentication: true})
  })

  it('--dry-run shows the PUT and sends nothing', async () => {
    const writes = await writesDuring(async () => {
      const result = await sb.run(['settings', 'update', '-p', '21', '--squash-option', 'always', '--dry-run'], {as: 'maintainer'})
      expect(result.code).toBe(0)
      expect(result.stdout + result.stderr).toContain('PUT')
    })
    expect(writes).toEqual([])
  })

  it('refuses before any request: nothing to change, a flag of the other kind, a value outside the API enum, a timeout out of range', async () => {
    const cases: Array<[string[], string]> = [
      [['-p', '21'], 'nothing to change: give at least one of --description'],
      [['-g', 'acme', '--merge-method', 'ff'], '--merge-method applies to projects (-p) only'],
      [['-p', '21', '--project-creation-level', 'noone'], '--project-creation-level applies to groups (-g) only'],
      [['-p', '21', '--merge-method', 'octopus'], 'must be one of merge, rebase_merge, ff'],
      [['-p', '21', '--build-timeout', '60'], 'must be a duration from 10m to below a month'],
    ]
    for (const [args, message] of cases) {
      const before = sb.sandbox.requests.length
      const result = await sb.run(['settings', 'update', ...args], {as: 'maintainer'})
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain(message)
      expect(result.stderr).not.toMatch(/\n\s+at /)
      expect(sb.sandbox.requests.length).toBe(before)
    }
  })

  it("the platform's refusals: a Developer may not (403, exit 5), a Maintainer may not change visibility, a project above its group (400)", async () => {
    const developer = await sb.run(['settings', 'update', '-p', '21', '--lfs-enabled'], {as: 'developer'})
    expect(developer.code).toBe(5)
    const visibility = await sb.run(['settings', 'update', '-p', 'acme/design/brand', '--visibility', 'private'], {as: 'maintainer'})
    expect(visibility.code).toBe(5)
    const above = await sb.run(['settings', 'update', '-p', 'acme/design/brand', '--visibility', 'public'], {as: 'owner'})
    expect(above.code).not.toBe(0)
    expect(above.stderr).toContain('public is not allowed in a internal group')
  })
})

/** a value of the input other than `now` (where its rule allows one), as a flag's words */
function otherValue(input: AnyInput, now: unknown): string[] {
  if (input.boolean) return [now === true ? `--no-${input.flag}` : `--${input.flag}`]
  const other = input.options?.find(option => option !== now) ?? (input.helpValue === 'N' || input.helpValue === 'DURATION' ? String(Number(now) + 600) : `${String(now ?? '')}round trip`)
  return [`--${input.flag}`, other]
}

describe('every setting forgectl declares round-trips: sent by update, shown by get as sent', () => {
  it.each([
    ['-p', 'opensource/tool', PROJECT_SETTINGS, ['visibility']],
    ['-g', 'acme/platform', GROUP_SETTINGS, ['visibility']],
  ] as Array<[string, string, Inputs, string[]]>)('%s %s', async (flag, path, inputs, kept) => {
    const before = (await sb.run(['settings', 'get', flag, path, '--json'], {as: 'owner'})).json<Rec>()
    // the platform keeps a visibility within the hierarchy's: it is sent as it is
    const changes = Object.values(inputs).flatMap(input => (kept.includes(input.api) ? [`--${input.flag}`, String(before[input.api])] : otherValue(input, before[input.api])))
    const updated = await sb.run(['settings', 'update', flag, path, ...changes, '--json'], {as: 'owner'})
    expect(updated.code, updated.stderr).toBe(0)
    const after = (await sb.run(['settings', 'get', flag, path, '--json'], {as: 'owner'})).json<Rec>()
    for (const input of Object.values(inputs)) {
      if (kept.includes(input.api)) continue
      expect(after[input.api], input.api).not.toEqual(before[input.api])
    }
    expect(updated.json<Rec>()).toEqual(after)
  })
})

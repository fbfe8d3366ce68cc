// `forgectl plan`, `apply` and `export` against the sandbox over HTTP (issue 28): every section's
// create, update, prune and no-op; the export → plan round trip; a second apply that writes nothing;
// a stale saved plan; --max-deletes; secrets in no byte written; the bad input of a state file.
import {copyFileSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {basename, join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import type {RunResult} from '../helpers/cli.js'
import {answers, startHostileServer} from '../helpers/hostile-server.js'
import {interruptedRun} from '../helpers/interrupted-run.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {makeKey} from '../helpers/ssh-keys.js'

const sb = useSandbox()
const folder = mkdtempSync(join(tmpdir(), 'forgectl-state-'))
let files = 0

/** a state file in the test's folder: its path */
function stateFile(text: string, name = `state-${++files}.yaml`): string {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}

const asAdmin: SandboxRunOptions = {as: 'admin'}

/** requests other than GET that reached the sandbox while `run` ran */
async function writesDuring(run: () => Promise<unknown>): Promise<number> {
  const before = sb.sandbox.requests.length
  await run()
  return sb.sandbox.requests.slice(before).filter(request => request.method !== 'GET').length
}

/** runs forgectl and checks that it sent no write */
async function withoutWrites(run: () => Promise<RunResult>): Promise<RunResult> {
  let result: RunResult | undefined
  expect(
    await writesDuring(async () => {
      result = await run()
    }),
  ).toBe(0)
  return result!
}

async function planOf(file: string, options: SandboxRunOptions = asAdmin, extra: string[] = []): Promise<RunResult> {
  return sb.run(['plan', '-f', file, ...extra], options)
}

async function applyOf(file: string, options: SandboxRunOptions = asAdmin, extra: string[] = []): Promise<RunResult> {
  return sb.run(['apply', '-f', file, '--yes', ...extra], options)
}

/** plan --out, then apply PLAN, from the state file's folder (where its {file:} references are found again) */
async function applySaved(file: string, options: SandboxRunOptions): Promise<RunResult> {
  const plan = `${file}.plan`
  const planned = await planOf(file, {...options, cwd: folder}, ['--out', plan])
  if (planned.code !== 0) return planned
  return sb.run(['apply', plan, '--yes'], {...options, cwd: folder})
}

interface SectionCase {
  name: string
  /** a file that creates (and changes) records */
  first: string
  firstLines: string[]
  /** the same records, changed */
  second: string
  secondLines: string[]
  /** a file with prune that deletes one record */
  prune?: string
  pruneLines?: string[]
  /** export's arguments for the round trip */
  exportArgs: string[]
  env?: Record<string, string>
}

const key = makeKey('state-test')
const instanceKey = makeKey('state-instance')
// a {file:} reference reads beside the state file (issue 35): the keys' .pub files are copied there
const besideState = (made: {file: string}) => {
  const name = `${basename(made.file, '.pub')}-${files++}.pub`
  copyFileSync(made.file, join(folder, name))
  return name
}
const keyFile = besideState(key)
const instanceKeyFile = besideState(instanceKey)

const cases: SectionCase[] = [
  {
    name: 'instance features',
    // flags the sandbox defines (it refuses others, as the platform does without --force)
    first: 'version: 1\ninstance:\n  features:\n    maven_virtual_registry: true\n    sidekiq_throttle_exports: {percentage_of_time: 25}\n',
    firstLines: ['+ features maven_virtual_registry: value true', '+ features sidekiq_throttle_exports: value 25, key "percentage_of_time"'],
    second: 'version: 1\ninstance:\n  features:\n    maven_virtual_registry: false\n    sidekiq_throttle_exports: {percentage_of_time: 40}\n',
    secondLines: ['~ features maven_virtual_registry: value true → false', '~ features sidekiq_throttle_exports: value 25 → 40'],
    prune:
      'version: 1\ninstance:\n  features:\n    maven_virtual_registry: false\n    ci_job_token_allowlist_autopopulation: true\n    new_merge_request_dashboard: {percentage_of_time: 25}\n  prune: [features]\n',
    pruneLines: ['- features sidekiq_throttle_exports'],
    exportArgs: ['--instance', '--sections', 'features'],
  },
  {
    name: 'instance variables',
    first: 'version: 1\ninstance:\n  variables:\n    STATE_PLAIN: one\n    STATE_SECRET: {value: {env: STATE_SECRET_VALUE}, masked: true, protected: true}\n',
    firstLines: ['+ variables STATE_PLAIN: value "one"', '+ variables STATE_SECRET: value (sensitive), masked true, protected true'],
    second: 'version: 1\ninstance:\n  variables:\n    STATE_PLAIN: {value: two, description: changed}\n',
    secondLines: ['~ variables STATE_PLAIN: value "one" → "two", description null → "changed"'],
    prune:
      'version: 1\ninstance:\n  variables:\n    STATE_PLAIN: {value: two, description: changed}\n    DEPLOY_REGION: eu-west-1\n    REGISTRY_PASSWORD: {value: {env: REGISTRY_PASSWORD}, masked: true}\n    CA_BUNDLE: {value: {env: CA_BUNDLE}}\n  prune: [variables]\n',
    pruneLines: ['- variables STATE_SECRET'],
    exportArgs: ['--instance', '--sections', 'variables'],
    env: {
      STATE_SECRET_VALUE: 'state-secret-9f2c1d7e',
      STATE_INSTANCE_STATE_SECRET: 'state-secret-9f2c1d7e',
      REGISTRY_PASSWORD: 'c2VlZGVkLXJlZ2lzdHJ5LXBhc3N3b3Jk',
      STATE_INSTANCE_REGISTRY_PASSWORD: 'c2VlZGVkLXJlZ2lzdHJ5LXBhc3N3b3Jk',
      CA_BUNDLE: '-----BEGIN CERTIFICATE-----\nMIIB...\n-----END CERTIFICATE-----\n',
    },
  },
  {
    name: 'instance hooks',
    first: 'version: 1\ninstance:\n  hooks:\n    - {url: "https://state.example.com/hook", token: {env: STATE_HOOK_TOKEN}, push_events: true, merge_requests_events: true}\n',
    firstLines: ['+ hooks https://state.example.com/…#c562ab8d32c6: token (sensitive), push_events true, merge_requests_events true'],
    second: 'version: 1\ninstance:\n  hooks:\n    - {url: "https://state.example.com/hook", token: {env: STATE_HOOK_TOKEN}, push_events: true, merge_requests_events: false}\n',
    secondLines: ['~ hooks https://state.example.com/…#c562ab8d32c6: merge_requests_events true → false', '? hooks https://state.example.com/…#c562ab8d32c6: token (sensitive) cannot compare'],
    prune: 'version: 1\ninstance:\n  hooks:\n    - {url: "https://audit.example.com/forge/{tenant}"}\n  prune: [hooks]\n',
    pruneLines: ['- hooks https://state.example.com/…#c562ab8d32c6'],
    exportArgs: ['--instance', '--sections', 'hooks'],
    env: {STATE_HOOK_TOKEN: 'hook-token-5b8e2a'},
  },
  {
    name: 'instance deploy keys',
    first: `version: 1\ninstance:\n  deploy_keys:\n    - {title: ci-reader, key: {file: ${instanceKeyFile}}}\n`,
    firstLines: [`+ deploy_keys ${instanceKey.sha256}: title "ci-reader"`],
    // the API cannot change an instance key: a new title is not a change
    second: `version: 1\ninstance:\n  deploy_keys:\n    - {title: renamed, key: "${instanceKey.text}"}\n`,
    secondLines: [`? deploy_keys ${instanceKey.sha256}: title differs, and cannot be changed (the API keeps what the record was created with)`, 'Plan: 0 to create, 0 to update, 0 to delete, '],
    exportArgs: ['--instance', '--sections', 'deploy_keys'],
  },
  {
    name: 'group labels',
    first: 'version: 1\ngroups:\n  acme:\n    labels:\n      state-bug: {color: "#d9534f", description: Something is broken}\n      state-triage: {color: orange}\n',
    firstLines: ['group acme', '+ labels state-bug: color "#d9534f", description "Something is broken"', '+ labels state-triage: color "orange"'],
    second: 'version: 1\ngroups:\n  acme:\n    labels:\n      state-bug: {color: "#D9534F", description: Broken}\n',
    secondLines: ['~ labels state-bug: description "Something is broken" → "Broken"'],
    prune: 'version: 1\ngroups:\n  acme:\n    labels:\n      state-bug: {color: "#d9534f"}\n      priority::high: {color: "#ff0000"}\n    prune: [labels]\n',
    pruneLines: ['- labels state-triage'],
    exportArgs: ['-g', 'acme', '--sections', 'labels'],
  },
  {
    name: 'group milestones',
    first: 'version: 1\ngroups:\n  acme:\n    milestones:\n      2027-Q1: {start_date: 2027-01-01, due_date: 2027-03-31}\n',
    firstLines: ['+ milestones 2027-Q1: start_date "2027-01-01", due_date "2027-03-31"'],
    second: 'version: 1\ngroups:\n  acme:\n    milestones:\n      2027-Q1: {start_date: 2027-01-04, due_date: 2027-03-31, description: First quarter}\n',
    secondLines: ['~ milestones 2027-Q1: start_date "2027-01-01" → "2027-01-04", description null → "First quarter"'],
    prune: 'version: 1\ngroups:\n  acme:\n    milestones:\n      2027-Q1: {}\n      Release 1.0: {}\n      Release 1.1: {}\n      Release 2.0: {}\n    prune: true\n',
    pruneLines: ['- milestones Backlog'],
    exportArgs: ['-g', 'acme', '--sections', 'milestones'],
  },
  {
    name: 'group variables',
    first: 'version: 1\ngroups:\n  acme:\n    variables:\n      STATE_GV: one\n      STATE_GV_SECRET: {value: {env: STATE_GV_SECRET}, masked: true}\n',
    firstLines: ['group acme', '+ variables STATE_GV: value "one"', '+ variables STATE_GV_SECRET: value (sensitive), masked true'],
    second: 'version: 1\ngroups:\n  acme:\n    variables:\n      STATE_GV: {value: two, protected: true}\n',
    secondLines: ['~ variables STATE_GV: value "one" → "two", protected false → true'],
    prune:
      'version: 1\ngroups:\n  acme:\n    variables:\n      STATE_GV: two\n      NPM_REGISTRY: https://npm.acme.example.com\n      NPM_TOKEN: {value: {env: NPM_TOKEN}, masked: true}\n    prune: [variables]\n',
    pruneLines: ['- variables STATE_GV_SECRET'],
    exportArgs: ['-g', 'acme', '--sections', 'variables'],
    env: {STATE_GV_SECRET: 'gv-secret-value-123', NPM_TOKEN: 'npm_c2VlZGVkLW5wbS10b2tlbg', STATE_ACME_STATE_GV_SECRET: 'gv-secret-value-123', STATE_ACME_NPM_TOKEN: 'npm_c2VlZGVkLW5wbS10b2tlbg'},
  },
  {
    name: 'project variables',
    first: 'version: 1\nprojects:\n  acme/platform/api:\n    variables:\n      DEPLOY_ENV: {value: production, environment_scope: production, protected: true}\n      STATE_PV: x\n',
    firstLines: ['+ variables DEPLOY_ENV (production): value "production", protected true', '+ variables STATE_PV: value "x"'],
    second: 'version: 1\nprojects:\n  acme/platform/api:\n    variables:\n      DEPLOY_ENV: {value: prod, environment_scope: production}\n',
    secondLines: ['~ variables DEPLOY_ENV (production): value "production" → "prod"'],
    prune: 'version: 1\nprojects:\n  acme/platform/api:\n    variables:\n      DEPLOY_ENV: {value: prod, environment_scope: production}\n      API_LOG_LEVEL: info\n    prune: [variables]\n',
    pruneLines: ['- variables STATE_PV'],
    exportArgs: ['-p', 'acme/platform/api', '--sections', 'variables'],
  },
  {
    name: 'project milestones',
    first: 'version: 1\nprojects:\n  acme/design/brand:\n    milestones:\n      state-p1: {due_date: 2027-06-30}\n      state-p2: {description: second}\n',
    firstLines: ['project acme/design/brand', '+ milestones state-p1: due_date "2027-06-30"', '+ milestones state-p2: description "second"'],
    second: 'version: 1\nprojects:\n  acme/design/brand:\n    milestones:\n      state-p1: {due_date: 2027-07-31}\n',
    secondLines: ['~ milestones state-p1: due_date "2027-06-30" → "2027-07-31"'],
    prune: 'version: 1\nprojects:\n  acme/design/brand:\n    milestones:\n      state-p1: {}\n    prune: [milestones]\n',
    pruneLines: ['- milestones state-p2'],
    exportArgs: ['-p', 'acme/design/brand', '--sections', 'milestones'],
  },
  {
    name: 'project labels',
    first: 'version: 1\nprojects:\n  "acme/**":\n    labels:\n      needs-review: {color: "#428bca", priority: 1}\n',
    firstLines: ['project acme/website', 'project acme/platform/api', 'project acme/design/brand', '+ labels needs-review: color "#428bca", priority 1'],
    second: 'version: 1\nprojects:\n  "acme/**":\n    labels:\n      needs-review: {color: "#428bca", priority: 2}\n  acme/design/brand: {skip: true}\n',
    secondLines: ['~ labels needs-review: priority 1 → 2'],
    prune: 'version: 1\nprojects:\n  acme/platform/api:\n    labels:\n      needs-review: {}\n      feature: {}\n    prune: [labels]\n',
    pruneLines: ['- labels bug'],
    exportArgs: ['-p', 'acme/**', '--sections', 'labels'],
  },
  {
    name: 'project protected branches',
    first:
      'version: 1\nprojects:\n  acme/website:\n    protected_branches:\n      main: {push_access_level: maintainer, merge_access_level: developer, allow_force_push: false}\n      "release/*": {push_access_level: no one, merge_access_level: maintainer}\n',
    firstLines: ['~ protected_branches main: merge_access_level "maintainer" → "developer"', '+ protected_branches release/*: push_access_level "no one", merge_access_level "maintainer"'],
    second: 'version: 1\nprojects:\n  acme/website:\n    protected_branches:\n      "release/*": {push_access_level: 40}\n',
    secondLines: ['~ protected_branches release/*: push_access_level "no one" → "maintainer"'],
    prune: 'version: 1\nprojects:\n  acme/website:\n    protected_branches:\n      main: {}\n      "release/*": {}\n    prune: [protected_branches]\n',
    pruneLines: ['- protected_branches stable'],
    exportArgs: ['-p', 'acme/website', '--sections', 'protected_branches'],
  },
  {
    name: 'project deploy keys',
    first: `version: 1\nprojects:\n  acme/website:\n    deploy_keys:\n      - {title: deployer, key: {file: ${keyFile}}, can_push: false}\n`,
    firstLines: [`+ deploy_keys ${key.sha256}: title "deployer", can_push false`],
    second: `version: 1\nprojects:\n  acme/website:\n    deploy_keys:\n      - {title: deployer-2, key: {file: ${keyFile}}, can_push: true}\n`,
    secondLines: [`~ deploy_keys ${key.sha256}: title "deployer" → "deployer-2", can_push false → true`],
    prune: `version: 1\nprojects:\n  acme/website:\n    deploy_keys:\n      - {key: {file: ${keyFile}}}\n    prune: [deploy_keys]\n`,
    pruneLines: ['- deploy_keys SHA256:'],
    exportArgs: ['-p', 'acme/website', '--sections', 'deploy_keys'],
  },
  {
    name: 'project package protection rules',
    first: 'version: 1\nprojects:\n  acme/website:\n    package_protection_rules:\n      - {package_name_pattern: "@acme/*", package_type: npm, minimum_access_level_for_push: maintainer}\n',
    firstLines: ['+ package_protection_rules npm @acme/*: minimum_access_level_for_push "maintainer"'],
    second: 'version: 1\nprojects:\n  acme/website:\n    package_protection_rules:\n      - {package_name_pattern: "@acme/*", package_type: npm, minimum_access_level_for_push: 50}\n',
    secondLines: ['~ package_protection_rules npm @acme/*: minimum_access_level_for_push "maintainer" → "owner"'],
    prune: 'version: 1\nprojects:\n  acme/website:\n    package_protection_rules:\n      - {package_name_pattern: "@acme/*", package_type: npm}\n    prune: true\n',
    pruneLines: ['- package_protection_rules pypi acme-website'],
    exportArgs: ['-p', 'acme/website', '--sections', 'package_protection_rules'],
  },
]

describe.each(cases)('$name', section => {
  const options: SandboxRunOptions = {...asAdmin, env: section.env}

  it('plans and applies a create, then nothing; an update, then nothing; a prune', async () => {
    const first = stateFile(section.first)
    const planned = await planOf(first, options)
    expect(planned.stderr).toBe('')
    expect(planned.code).toBe(0)
    for (const line of section.firstLines) expect(planned.stdout).toContain(line)
    expect((await planOf(first, options, ['--exit-code'])).code).toBe(10)
    // through a saved plan, whose every change is checked to send only what it shows (saved-plan.ts)
    const applied = await applySaved(first, options)
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stdout).toMatch(/^done {8}\+ /m)
    expect(applied.stdout).not.toMatch(/^failed/m)
    // a second apply sends no write at all; plan says there is nothing to do, and --exit-code is 0
    expect(await writesDuring(async () => expect((await applyOf(first, options)).stdout).toContain('No changes'))).toBe(0)
    expect((await planOf(first, options, ['--exit-code'])).code).toBe(0)

    const second = stateFile(section.second)
    const updated = await planOf(second, options)
    for (const line of section.secondLines) expect(updated.stdout).toContain(line)
    const changed = await applySaved(second, options)
    expect(changed.code, changed.stderr).toBe(0)
    expect(await writesDuring(() => applyOf(second, options))).toBe(0)
    expect((await planOf(second, options, ['--exit-code'])).code).toBe(0)

    if (!section.prune) return
    const prune = stateFile(section.prune)
    const pruning = await planOf(prune, options)
    for (const line of section.pruneLines ?? []) expect(pruning.stdout).toContain(line)
    expect(pruning.stdout).toMatch(/to delete/)
    expect((await applyOf(prune, options)).code).toBe(0)
    expect((await planOf(prune, options, ['--exit-code'])).code).toBe(0)
  })

  it('exports what plan then finds nothing to change in', async () => {
    const exported = await sb.run(['export', ...section.exportArgs], options)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toMatch(/^version: 1\n/)
    const file = stateFile(exported.stdout)
    const planned = await planOf(file, options, ['--exit-code'])
    expect(planned.stdout, exported.stdout).toContain('No changes')
    expect(planned.code).toBe(0)
  })
})

describe('plan --json', () => {
  it('prints the plan as data: scope, section, identity, action, before and after of every change, and the summary', async () => {
    await sb.api('POST', '/projects/acme%2Fwebsite/labels', {as: 'admin', body: {name: 'json-label', color: '#00ff00', description: 'old'}})
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      json-label: {description: new}\n')
    const planned = await planOf(file, asAdmin, ['--json'])
    expect(planned.code, planned.stderr).toBe(0)
    const data = planned.json<{changes: unknown[]; summary: Record<string, number>}>()
    expect(data.changes).toEqual([
      {
        target: {kind: 'projects', path: 'acme/website'},
        section: 'labels',
        id: 'json-label',
        action: 'update',
        ref: 'json-label',
        before: expect.objectContaining({color: '#00ff00', description: 'old'}),
        after: {name: 'json-label', description: 'new'},
        fields: [{field: 'description', before: 'old', after: 'new', sensitive: false}],
      },
    ])
    expect(data.summary).toEqual({create: 0, update: 1, delete: 0, unchanged: 0, scopes: 1, requests: 2})
  })

  it('with -q, still prints the plan (a plan has no handles to print instead); -q only silences the messages', async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      quiet-label: {color: "#00ff00"}\n')
    const planned = await planOf(file, asAdmin, ['--json', '-q'])
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.json<{changes: Array<{id: string}>}>().changes.map(change => change.id)).toEqual(['quiet-label'])
  })
})

describe('secrets', () => {
  it('are in no byte forgectl writes: plan, --json, --verbose, a saved plan, apply, export', async () => {
    const secret = 'never-show-4c1e9a7b2d'
    const hookToken = 'never-show-hook-8d3f'
    const env = {STATE_LEAK_SECRET: secret, STATE_LEAK_HOOK: hookToken}
    const file = stateFile(
      'version: 1\ninstance:\n  variables:\n    STATE_LEAK: {value: {env: STATE_LEAK_SECRET}, masked: true}\n    STATE_INLINE: {value: inline-masked-value-77, masked: true}\n  hooks:\n    - {url: "https://leak.example.com/hook", token: {env: STATE_LEAK_HOOK}}\n',
    )
    const saved = join(folder, 'leak.plan')
    const outputs = [
      await planOf(file, {...asAdmin, env}),
      await planOf(file, {...asAdmin, env}, ['--json', '--out', saved]),
      await planOf(file, {...asAdmin, env}, ['--verbose']),
      await sb.run(['apply', '-f', file, '--dry-run'], {...asAdmin, env}),
      // a saved plan finds a secret written in the state file inside the working folder (issue 35)
      await sb.run(['apply', saved, '--yes', '--verbose'], {...asAdmin, env, cwd: folder}),
      await sb.run(['export', '--instance', '--sections', 'variables,hooks'], {...asAdmin, env}),
      await planOf(file, {...asAdmin, env: {...env, STATE_LEAK_SECRET: 'a-different-value-1'}}),
    ]
    const written = [...outputs.flatMap(result => [result.stdout, result.stderr]), readFileSync(saved, 'utf8')].join('\n')
    expect(outputs[4]!.code, outputs[4]!.stderr).toBe(0)
    // a saved plan is shown as plan showed it before it is applied
    expect(outputs[4]!.stdout).toMatch(/^instance\n {2}\+ variables STATE_LEAK: value \(sensitive\), masked true\n[\s\S]*^3 changes from .*leak\.plan, planned /m)
    for (const value of [secret, hookToken, 'inline-masked-value-77', 'a-different-value-1']) expect(written).not.toContain(value)
    expect(outputs[0]!.stdout).toContain('value (sensitive)')
    // the export names an environment variable in the secret's place
    expect(outputs[5]!.stdout).toContain('STATE_LEAK:\n      value:\n        env: STATE_INSTANCE_STATE_LEAK')
    // --dry-run reads and plans, and shows each write instead of sending it
    expect(outputs[3]!.stderr).toContain('DRY RUN POST')
    expect(outputs[3]!.stdout).toMatch(/^not sent {4}\+ instance variables STATE_LEAK$/m)
    // a changed secret shows as differing, without either value
    expect(outputs[6]!.stdout).toContain('~ variables STATE_LEAK: value (sensitive) differs')
  })
})

describe('a hook URL', () => {
  it('is named by its origin and a fingerprint, never in full: its path or query may be its key (given by {env:} here), in the plan, --json, a saved plan and apply', async () => {
    const url = 'https://chat.example.com/services/T0001/B0002/pathSecretKey77?token=querySecret88'
    const env = {STATE_HOOK_URL: url}
    const file = stateFile('version: 1\ninstance:\n  hooks:\n    - {url: {env: STATE_HOOK_URL}, push_events: true}\n')
    const saved = join(folder, 'hook-url.plan')
    const outputs = [
      await planOf(file, {...asAdmin, env}),
      await planOf(file, {...asAdmin, env}, ['--json', '--out', saved]),
      await sb.run(['apply', saved, '--yes'], {...asAdmin, env}),
      await planOf(file, {...asAdmin, env}),
    ]
    expect(outputs[0]!.stdout).toMatch(/^ {2}\+ hooks https:\/\/chat\.example\.com\/…#[0-9a-f]{12}: push_events true$/m)
    expect(outputs[2]!.code, outputs[2]!.stderr).toBe(0)
    expect(outputs[3]!.stdout).toContain('No changes')
    const written = [...outputs.flatMap(result => [result.stdout, result.stderr]), readFileSync(saved, 'utf8')].join('\n')
    for (const secret of ['pathSecretKey77', 'querySecret88', 'T0001']) expect(written).not.toContain(secret)
  })
})

describe('apply', () => {
  it('refuses a saved plan whose records moved on the server, naming them, and sends no write', async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/design/brand:\n    labels:\n      stale-test: {color: red, description: planned}\n      moved: {color: red}\n')
    await sb.api('POST', '/projects/acme%2Fdesign%2Fbrand/labels', {as: 'admin', body: {name: 'moved', color: '#00ff00'}})
    const saved = join(folder, 'stale.plan')
    expect((await planOf(file, asAdmin, ['--out', saved])).code).toBe(0)
    await sb.api('PUT', '/projects/acme%2Fdesign%2Fbrand/labels/moved', {as: 'admin', body: {color: '#0000ff'}})
    const result = await withoutWrites(() => sb.run(['apply', saved, '--yes'], asAdmin))
    expect(result.code).toBe(6)
    expect(result.stderr).toContain('project acme/design/brand labels moved: color changed')
    const missing = await sb.run(['apply', join(folder, 'no-such.plan'), '--yes'], asAdmin)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(`cannot read PLAN ${join(folder, 'no-such.plan')}: ENOENT`)
  })

  it('refuses a plan that deletes more than --max-deletes, saying how many, before any write', async () => {
    for (const name of ['md-1', 'md-2', 'md-3']) await sb.api('POST', '/projects/acme%2Fwebsite/labels', {as: 'admin', body: {name, color: '#00ff00'}})
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels: {}\n    prune: [labels]\n')
    const result = await withoutWrites(() => applyOf(file, asAdmin, ['--max-deletes', '2']))
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/the plan deletes \d+ records, more than --max-deletes 2/)
  })

  it('refuses without --yes off a terminal, and reports each change done or failed; a failure does not stop the rest', async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      ok-1: {color: red}\n      ok-2: {color: red}\n')
    const refused = await sb.run(['apply', '-f', file], asAdmin)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('refusing to apply 2 changes without confirmation: pass --yes (-y)')
    sb.sandbox.faults.push({method: 'POST', path: '^/projects/[^/]+/labels$', kind: 'status', status: 400, times: 1})
    const failing = await applyOf(file, asAdmin, ['--concurrency', '1'])
    // the failures' own exit code (400: 6), as every fan-out's
    expect(failing.code).toBe(6)
    expect(failing.stdout).toMatch(/^failed {6}\+ project acme\/website labels ok-1: 400/m)
    expect(failing.stdout).toMatch(/^done {8}\+ project acme\/website labels ok-2/m)
    // the rerun finishes the rest
    const rerun = await applyOf(file)
    expect(rerun.stdout).toMatch(/^done {8}\+ project acme\/website labels ok-1/m)
    expect(rerun.stdout).not.toContain('ok-2')
  })
})

describe('selection', () => {
  it('selects groups by glob, merges the entries of a scope in file order (mappings key by key), and leaves out what skip says', async () => {
    const file = stateFile(
      'version: 1\ngroups:\n  "acme/*":\n    labels:\n      sel-g: {color: red}\nprojects:\n  "acme/**":\n    labels:\n      sel-p: {color: red, description: from the glob}\n  acme/website:\n    labels:\n      sel-p: {description: refined}\n  acme/platform/*: {skip: true}\n',
    )
    const planned = await planOf(file)
    expect(planned.code, planned.stderr).toBe(0)
    expect(planned.stdout).toContain('group acme/platform\n  + labels sel-g: color "red"\n')
    expect(planned.stdout).toContain('group acme/design\n  + labels sel-g: color "red"\n')
    expect(planned.stdout).toContain('project acme/website\n  + labels sel-p: color "red", description "refined"\n')
    expect(planned.stdout).toContain('project acme/design/brand\n  + labels sel-p: color "red", description "from the glob"\n')
    expect(planned.stdout).not.toContain('project acme/platform/api')
    expect(planned.stdout).toContain('4 scopes read')
  })

  it('keeps a skip said before a glob that selects the same project: a later entry replaces only what it says', async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/website: {skip: true}\n  "acme/**":\n    labels:\n      skip-first: {color: red}\n    prune: [labels]\n')
    const planned = await planOf(file, asAdmin, ['--json'])
    expect(planned.code, planned.stderr).toBe(0)
    const paths = planned.json<{changes: Array<{target: {path: string}}>}>().changes.map(change => change.target.path)
    expect(paths).toContain('acme/design/brand')
    expect(paths).not.toContain('acme/website')
    // skip: false, said later, brings it back
    const back = await planOf(stateFile('version: 1\nprojects:\n  acme/website: {skip: true}\n  "acme/**":\n    labels:\n      skip-first: {color: red}\n    skip: false\n'))
    expect(back.stdout).toContain('project acme/website\n  + labels skip-first')
  })

  it('prune: true prunes the sections of its own entry, not those an earlier glob named for the same project', async () => {
    await sb.api('POST', '/projects/acme%2Fwebsite/labels', {as: 'admin', body: {name: 'prune-own-unlisted', color: '#00ff00'}})
    const file = stateFile('version: 1\nprojects:\n  "acme/**":\n    variables: {PRUNE_OWN: x}\n  acme/website:\n    labels: {prune-own: {color: red}}\n    prune: true\n')
    const planned = await planOf(file, asAdmin, ['--json'])
    expect(planned.code, planned.stderr).toBe(0)
    const deletes = planned.json<{changes: Array<{action: string; section: string; target: {path: string}}>}>().changes.filter(change => change.action === 'delete')
    expect(deletes.length).toBeGreaterThan(0)
    expect(deletes.every(change => change.section === 'labels' && change.target.path === 'acme/website')).toBe(true)
  })

  it('says which records cannot be created as written (exit 1), and apply then sends nothing', async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      no-colour: {description: only a description}\n')
    const planned = await planOf(file)
    expect(planned.code).toBe(1)
    expect(planned.stdout).toContain('error: project acme/website labels no-colour: not on the server, and it cannot be created without color')
    const applied = await withoutWrites(() => applyOf(file))
    expect(applied.code).toBe(1)
    expect(applied.stderr).toContain('nothing was changed: 1 record cannot be applied as written')
  })

  it('--shard I/N plans one part of the scopes: the parts are disjoint and together the whole', async () => {
    const file = stateFile('version: 1\nprojects:\n  "acme/**":\n    labels:\n      shard-me: {color: red}\n')
    const scopesOf = (result: RunResult) => result.stdout.split('\n').filter(line => line.startsWith('project '))
    const whole = scopesOf(await planOf(file))
    const parts = [scopesOf(await planOf(file, asAdmin, ['--shard', '1/2'])), scopesOf(await planOf(file, asAdmin, ['--shard', '2/2']))]
    expect(whole).toHaveLength(3)
    expect([...parts[0]!, ...parts[1]!].sort()).toEqual([...whole].sort())
    const bad = await planOf(file, asAdmin, ['--shard', '3/2'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain(`--shard "3/2": must be I/N, this job's number from 1 to N`)
  })

  it('keeps at most --concurrency requests in flight, whatever reads them, and runs that many at once', async () => {
    const file = stateFile('version: 1\nprojects:\n  "acme/**":\n    labels: {}\n    protected_branches: {}\n    variables: {}\n    milestones: {}\n')
    sb.sandbox.faults.push({method: 'GET', path: '.', kind: 'latency', latencyMs: 40})
    try {
      for (const width of [2, 3]) {
        sb.sandbox.maxInFlight = 0
        const planned = await planOf(file, asAdmin, ['--concurrency', String(width)])
        expect(planned.code, planned.stderr).toBe(0)
        expect(sb.sandbox.maxInFlight).toBe(width)
      }
    } finally {
      sb.sandbox.faults.splice(0)
    }
  })

  it('exports JSON with --json, which plan reads as it reads YAML', async () => {
    // a project's own member besides those its group gives (the seed has none), so that the members of projects round-trip too
    const added = await sb.api('POST', '/projects/acme%2Fwebsite/members', {as: 'admin', body: {username: 'carol', access_level: 20}})
    expect(added.status).toBe(201)
    const exported = await sb.run(['export', '-p', 'acme/**', '-g', 'acme', '--json'], asAdmin)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.json<{version: number}>().version).toBe(1)
    // the round trip holds for every section the sandbox is seeded with, each there to be compared
    const scopes = exported.json<{groups: Record<string, object>; projects: Record<string, object>}>()
    const sectionsIn = (entries: Record<string, object>) => new Set(Object.values(entries).flatMap(entry => Object.keys(entry)))
    expect([...sectionsIn(scopes.groups)].sort()).toEqual(expect.arrayContaining(['hooks', 'labels', 'members', 'milestones', 'settings', 'variables']))
    expect([...sectionsIn(scopes.projects)].sort()).toEqual(
      expect.arrayContaining([
        'deploy_keys',
        'hooks',
        'labels',
        'members',
        'milestones',
        'package_protection_rules',
        'protected_branches',
        'protected_tags',
        'remote_mirrors',
        'settings',
        'variables',
      ]),
    )
    const planned = await planOf(
      stateFile(exported.stdout, 'exported.json'),
      {
        ...asAdmin,
        env: {
          STATE_ACME_NPM_TOKEN: 'npm_c2VlZGVkLW5wbS10b2tlbg',
          STATE_ACME_WEBSITE_CDN_TOKEN: 'Y2RuLXRva2VuLXNlZWRlZA==',
          // the seeded push mirrors' URLs, whose credentials the server never returns
          STATE_ACME_PLATFORM_API_MIRROR_URL_BACKUP_EXAMPLE_COM: 'https://mirror-bot:s3cr3t-pass@backup.example.com/acme/api.git',
          STATE_ACME_PLATFORM_API_MIRROR_URL_GITMIRROR_EXAMPLE_ORG: 'ssh://git@gitmirror.example.org/acme/api.git',
        },
      },
      ['--exit-code'],
    )
    expect(planned.stdout, exported.stdout).toContain('No changes')
    expect(planned.code).toBe(0)
  })

  it("refuses export's -p and -g that select nothing, naming the flag", async () => {
    const result = await sb.run(['export', '-p', 'acme/nowhere', '-g', 'acmee/*'], asAdmin)
    expect(result.code).toBe(2)
    expect(result.stderr.trim()).toBe(
      'Error: -g acmee/*: matches no group: there is no group acmee (or it is not visible to this token); -p acme/nowhere: no such project on the server (or not visible to this token)',
    )
  })
})

describe('Ctrl-C in the middle of an apply', () => {
  it('reports what was done and what was not, exits 130, and a rerun finishes the rest', async () => {
    const names = ['int-1', 'int-2', 'int-3', 'int-4', 'int-5']
    const file = stateFile(`version: 1\nprojects:\n  acme/website:\n    labels:\n${names.map(name => `      ${name}: {color: red}\n`).join('')}`)
    // the first label is created at once, the second held an hour: the signal, not a machine's speed, decides what is done (issue 36)
    sb.sandbox.faults.push({method: 'POST', path: '^/projects/[^/]+/labels$', kind: 'latency', latencyMs: 3_600_000, skip: 1})
    const posts = () => sb.sandbox.requests.filter(request => request.method === 'POST' && request.path.endsWith('/labels')).length
    const before = posts()
    // the second label's POST is under way: one is done, three have not started
    const {code, stdout} = await interruptedRun(['apply', '-f', file, '--yes', '--concurrency', '1'], sb.url, TOKENS.admin, () => posts() - before >= 2)
    sb.sandbox.faults.splice(0)
    expect(code).toBe(130)
    expect(stdout).toMatch(/^done {8}\+ project acme\/website labels int-1$/m)
    expect(stdout).toMatch(/^interrupted +\+ project acme\/website labels int-2$/m)
    expect(stdout).toMatch(/^not done +\+ project acme\/website labels int-5$/m)
    // apply keeps no journal: it plans again, so the rerun is the resume, and --resume says so
    const rerun = await applyOf(file, asAdmin, ['--resume'])
    expect(rerun.code, rerun.stderr).toBe(0)
    expect(rerun.stderr).toContain('resuming: apply plans again from the server, so only what is left is sent')
    expect(rerun.stdout).not.toContain('int-1')
    expect(rerun.stdout).toMatch(/^done {8}\+ project acme\/website labels int-5$/m)
    expect((await planOf(file, asAdmin, ['--exit-code'])).code).toBe(0)
  })
})

describe('export → plan with odd names', () => {
  it("keeps every label, the names of an object's own keys (constructor, toString, __proto__) and YAML's words and signs included", async () => {
    const names = ['constructor', 'toString', '__proto__', 'yes', 'null', '007', 'a: b', '#x', '..', 'a/b', '100%', 'ünï']
    for (const name of names) await sb.api('POST', '/projects/acme%2Fdesign%2Fbrand/labels', {as: 'admin', body: {name, color: '#00ff00'}})
    for (const json of [false, true]) {
      const exported = await sb.run(['export', '-p', 'acme/design/brand', '--sections', 'labels', ...(json ? ['--json'] : [])], asAdmin)
      expect(exported.code, exported.stderr).toBe(0)
      expect(exported.stderr).toBe('')
      const plan = await withoutWrites(() => planOf(stateFile(exported.stdout, `odd-names-${json ? 'json' : 'yaml'}.${json ? 'json' : 'yaml'}`)))
      expect(plan.stdout).toContain('No changes: the server matches the file.')
      expect(Number(/(\d+) unchanged/.exec(plan.stdout)![1])).toBeGreaterThanOrEqual(names.length)
    }
  })
})

describe('export of secrets', () => {
  it("names two secrets of one key in two projects apart, so that setting one name cannot make apply write one project's secret over the other's", async () => {
    for (const [project, value] of [
      ['acme%2Fwebsite', 'websiteSecret111'],
      ['acme%2Fdesign%2Fbrand', 'brandSecret2222'],
    ]) {
      await sb.api('POST', `/projects/${project}/variables`, {as: 'admin', body: {key: 'TWICE_TOKEN', value, masked: true}})
    }
    const exported = await sb.run(['export', '-p', 'acme/website', '-p', 'acme/design/brand', '--sections', 'variables'], asAdmin)
    expect(exported.stdout).toContain('TWICE_TOKEN:\n        value:\n          env: STATE_ACME_WEBSITE_TWICE_TOKEN\n')
    expect(exported.stdout).toContain('TWICE_TOKEN:\n        value:\n          env: STATE_ACME_DESIGN_BRAND_TWICE_TOKEN\n')
    // every name has the fixed prefix and the scope, even where one scope alone suggests it (issue 35)
    expect(exported.stdout).toContain('env: STATE_ACME_WEBSITE_CDN_TOKEN\n')
    const env = {STATE_ACME_WEBSITE_TWICE_TOKEN: 'websiteSecret111', STATE_ACME_DESIGN_BRAND_TWICE_TOKEN: 'brandSecret2222', STATE_ACME_WEBSITE_CDN_TOKEN: 'Y2RuLXRva2VuLXNlZWRlZA=='}
    const planned = await withoutWrites(() => planOf(stateFile(exported.stdout), {...asAdmin, env}, ['--exit-code']))
    expect(planned.stdout).toContain('No changes')
    expect(planned.code).toBe(0)
  })
})

describe('a state file given where a saved plan goes', () => {
  it('is named as one, with the command meant, rather than told to save a plan over it; and plan --out writes over a saved plan only', async () => {
    for (const [text, name] of [
      ['version: 1\nprojects:\n  acme/website:\n    labels: {}\n', 'slip.yaml'],
      ['{"version": 1, "projects": {}}', 'slip.json'],
    ]) {
      const file = stateFile(text!, name)
      const {result, requests} = await sb.runCounted(['apply', file, '--yes'], asAdmin)
      expect([result.code, requests, result.stderr]).toEqual([2, 0, `Error: ${file} is a state file, not a saved plan: forgectl apply -f ${file}\n`])
    }
    // plan --out over the state file itself is refused before any request; over a saved plan it replaces it
    const state = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      out-slip: {color: red}\n', 'out-slip.yaml')
    const before = readFileSync(state, 'utf8')
    const over = await sb.runCounted(['plan', '-f', state, '--out', state], asAdmin)
    expect([over.result.code, over.requests, over.result.stderr]).toEqual([2, 0, `Error: --out ${state} exists and is not a saved plan: a plan replaces only a plan; choose another name\n`])
    expect(readFileSync(state, 'utf8')).toBe(before)
    const plan = join(folder, 'out-slip.plan')
    for (let run = 0; run < 2; run++) expect((await planOf(state, asAdmin, ['--out', plan])).code).toBe(0)
    const other = stateFile('just: text\n', 'other.txt')
    expect((await sb.run(['apply', other, '--yes'], asAdmin)).stderr).toBe(`Error: ${other} is not a saved plan (not JSON): save one with forgectl plan -f FILE --out PLAN\n`)
  })
})

describe('export of a hook URL with credentials', () => {
  it("writes {env: STATE_INSTANCE_HOOK_URL_HOST} in the URL's place, never the password; plan with it set reports no change", async () => {
    const url = 'https://bob:hookCredPass42@creds-hook.example.com/receive'
    await sb.api('POST', '/hooks', {as: 'admin', body: {url}})
    const exported = await sb.run(['export', '--instance', '--sections', 'hooks'], asAdmin)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).not.toContain('hookCredPass42')
    expect(exported.stdout).toContain('- url:\n        env: STATE_INSTANCE_HOOK_URL_CREDS_HOOK_EXAMPLE_COM\n')
    const planned = await withoutWrites(() => planOf(stateFile(exported.stdout), {...asAdmin, env: {STATE_INSTANCE_HOOK_URL_CREDS_HOOK_EXAMPLE_COM: url}}, ['--exit-code']))
    expect(planned.stdout).toContain('No changes')
    expect(planned.code).toBe(0)
  })
})

describe('a saved plan on another server', () => {
  it('is refused before any request: the plan names the server it was made against, and a plan edited to name another is refused too', async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      other-host: {color: red}\n')
    const plan = join(folder, 'other-host.plan')
    expect((await planOf(file, asAdmin, ['--out', plan])).code).toBe(0)
    const elsewhere = await startHostileServer(answers.json(200, []))
    try {
      const result = await sb.run(['apply', plan, '--yes'], {...asAdmin, env: {FORGECTL_HOST: elsewhere.url}})
      expect(result.code).toBe(2)
      expect(result.stderr).toBe(`Error: ${plan} was planned against ${sb.url}, not ${elsewhere.url}: plan again against this server\n`)
      expect(elsewhere.requests).toEqual([])
    } finally {
      await elsewhere.close()
    }
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as Record<string, unknown>
    writeFileSync(plan, JSON.stringify({...saved, host: 'https://forge.example.com'}))
    const {result: edited, requests} = await sb.runCounted(['apply', plan, '--yes'], asAdmin)
    expect(edited.code).toBe(2)
    expect(edited.stderr).toBe(`Error: ${plan} was planned against https://forge.example.com, not ${sb.url}: plan again against this server\n`)
    // a host edited to hold a password with `@`, `/` and a space: nothing of it is shown (redact.ts, shownHost)
    writeFileSync(plan, JSON.stringify({...saved, host: 'https://admin:Hun@ter2/Pass word@forge.example.com'}))
    const {result: withCredentials} = await sb.runCounted(['apply', plan, '--yes'], asAdmin)
    expect(withCredentials.stderr).toBe(`Error: ${plan} was planned against https://[REDACTED]@forge.example.com, not ${sb.url}: plan again against this server\n`)
    const {host: _host, ...unsaid} = saved
    writeFileSync(plan, JSON.stringify(unsaid))
    const {result: without} = await sb.runCounted(['apply', plan, '--yes'], asAdmin)
    expect(without.stderr).toBe(`Error: ${plan} does not say which server it was planned against: plan again with --out\n`)
    expect(requests).toBe(0)
  })
})

describe('a saved plan edited by hand', () => {
  it('sends nothing the confirmation does not show: a value its rule refuses, a field the section lacks, another record, a value that differs from the plan shown', async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      edited-plan: {color: red}\n')
    const plan = join(folder, 'edited.plan')
    expect((await planOf(file, asAdmin, ['--out', plan])).code).toBe(0)
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as {changes: Array<{after: Record<string, unknown>}>}
    const edits: Array<[Record<string, unknown>, string]> = [
      [{color: 'blurple'}, 'Error: acme/website labels edited-plan: color "blurple": must be #RRGGBB'],
      [{evil: 'x'}, 'Error: acme/website labels edited-plan: evil is no field of labels; the plan was edited: plan again with --out\n'],
      [{name: 'another-label'}, 'Error: acme/website labels edited-plan: its values name another record (another-label); the plan was edited: plan again with --out\n'],
      [{color: '#00ff00'}, 'Error: acme/website labels edited-plan: color is not what the plan shows; the plan was edited: plan again with --out\n'],
    ]
    for (const [edit, message] of edits) {
      const change = saved.changes[0]!
      writeFileSync(plan, JSON.stringify({...saved, changes: [{...change, after: {...change.after, ...edit}}]}))
      const {result, requests} = await sb.runCounted(['apply', plan, '--yes'], asAdmin)
      expect(result.code).toBe(2)
      expect(result.stderr.startsWith(message), result.stderr).toBe(true)
      expect(requests).toBe(0)
    }
  })
})

describe('a saved plan edited to delete what its section cannot', () => {
  it('is refused before anything is read or sent: an instance deploy key has no delete in the API (issue 38: a checked read, not `remove!`)', async () => {
    const plan = join(folder, 'undeletable.plan')
    expect((await planOf(stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      undeletable-plan: {color: red}\n'), asAdmin, ['--out', plan])).code).toBe(0)
    const [key] = JSON.parse((await sb.run(['deploy-keys', 'list', '--json'], asAdmin)).stdout) as Array<{id: number; fingerprint_sha256: string; title: string; key: string}>
    const saved = JSON.parse(readFileSync(plan, 'utf8')) as Record<string, unknown>
    const change = {target: {kind: 'instance', path: ''}, section: 'deploy_keys', action: 'delete', id: key!.fingerprint_sha256, ref: key!.id, before: {title: key!.title, key: key!.key}, fields: []}
    writeFileSync(plan, JSON.stringify({...saved, changes: [change]}))
    const {result, requests} = await sb.runCounted(['apply', plan, '--yes'], asAdmin)
    expect([result.code, result.stderr, requests]).toEqual([2, `Error: ${plan}: change 1 is not a change forgectl can apply: plan again with --out\n`, 0])
  })
})

describe('a saved plan sends only what it shows', () => {
  it('refuses a field edited into `after` and left out of `fields` (a create would send it unseen, an update another value than the server holds), and a plain field marked sensitive', async () => {
    const create = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      unshown-create: {color: "#123456"}\n')
    const plan = join(folder, 'unshown.plan')
    expect((await planOf(create, asAdmin, ['--out', plan])).code).toBe(0)
    type Saved = {changes: Array<{after: Record<string, unknown>}>}
    const edit = (saved: Saved, after: Record<string, unknown>) => writeFileSync(plan, JSON.stringify({...saved, changes: [{...saved.changes[0]!, after: {...saved.changes[0]!.after, ...after}}]}))
    const refused = async (message: string) => {
      const {result, requests} = await sb.runCounted(['apply', plan, '--yes'], asAdmin)
      expect([result.code, result.stderr, requests]).toEqual([2, `Error: ${message}; the plan was edited: plan again with --out\n`, 0])
    }
    const createdText = readFileSync(plan, 'utf8')
    edit(JSON.parse(createdText) as Saved, {description: 'never-shown-7c1'})
    await refused('acme/website labels unshown-create: description would be sent but is not shown')
    // a plain field marked sensitive: the confirmation would show (sensitive), and send a colour nobody saw
    const created = JSON.parse(createdText) as Saved & {changes: Array<{fields: Array<Record<string, unknown>>}>}
    const change = created.changes[0]!
    expect(change.fields).toEqual([{field: 'color', after: '#123456', sensitive: false}])
    writeFileSync(plan, JSON.stringify({...created, changes: [{...change, after: {...change.after, color: '#654321'}, fields: [{field: 'color', after: '(sensitive)', sensitive: true}]}]}))
    await refused('acme/website labels unshown-create: color is shown as (sensitive) but is no secret')
    // an update of `protected` alone sends the variable's value too (the platform's PUT takes it): the value the server holds, not an edited one
    const variable = (protect: boolean) => stateFile(`version: 1\nprojects:\n  acme/website:\n    variables:\n      UNSHOWN_V: {value: "kept-value-5d2", protected: ${protect}}\n`)
    expect((await sb.run(['apply', '-f', variable(false), '--yes'], asAdmin)).code).toBe(0)
    expect((await planOf(variable(true), asAdmin, ['--out', plan])).code).toBe(0)
    const update = JSON.parse(readFileSync(plan, 'utf8')) as Saved
    edit(update, {value: 'edited-value-9f4'})
    await refused('acme/website variables UNSHOWN_V: value would be sent but is not shown')
    // nor with its `before` edited to (sensitive), as a value the server hides would be: the server does not hide this one
    const planned = update.changes[0]! as {before?: Record<string, unknown>; after: Record<string, unknown>}
    writeFileSync(plan, JSON.stringify({...update, changes: [{...planned, before: {...planned.before, value: '(sensitive)'}, after: {...planned.after, value: 'edited-value-9f4'}}]}))
    const hidden = await sb.runCounted(['apply', plan, '--yes'], asAdmin)
    expect([hidden.result.code, hidden.result.stderr]).toEqual([6, expect.stringContaining('project acme/website variables UNSHOWN_V: value changed); plan again')])
    // as planned, it applies, and the value stays
    writeFileSync(plan, JSON.stringify(update))
    const applied = await sb.run(['apply', plan, '--yes'], asAdmin)
    expect(applied.code, applied.stderr).toBe(0)
    const read = await sb.run(['api', 'GET', 'projects/acme%2Fwebsite/variables/UNSHOWN_V'], asAdmin)
    expect(JSON.parse(read.stdout)).toMatchObject({value: 'kept-value-5d2', protected: true})
  })
})

describe('apply --resume', () => {
  it('a saved plan is not resumed: it is refused, exit 2, saying to plan again; nothing is sent', async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      resume-saved: {color: red}\n')
    const plan = join(mkdtempSync(join(tmpdir(), 'forgectl-resume-plan-')), 'saved.plan')
    expect((await planOf(file, asAdmin, ['--out', plan])).code).toBe(0)
    const {result, requests} = await sb.runCounted(['apply', plan, '--yes', '--resume'], asAdmin)
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
    expect(result.stderr).toMatch(/^Error: --resume: a saved PLAN is out of date once part of it was applied; plan again .*\n$/)
  })
})

describe('an empty reference', () => {
  it("is refused before any request, in plan and when a saved plan finds its secret again: an unset CI secret must not wipe the server's value", async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    variables:\n      EMPTY_REF: {value: {env: STATE_EMPTY_REF}}\n')
    const empty = {...asAdmin, env: {STATE_EMPTY_REF: ''}}
    const {result, requests} = await sb.runCounted(['plan', '-f', file], empty)
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
    expect(result.stderr).toBe(
      `Error: ${file}: projects."acme/website".variables.EMPTY_REF.value: environment variable STATE_EMPTY_REF is empty (a secret the job was not given?); write "" in the file for an empty value\n`,
    )
    const plan = join(folder, 'empty-ref.plan')
    expect((await planOf(file, {...asAdmin, env: {STATE_EMPTY_REF: 'set-when-planned'}}, ['--out', plan])).code).toBe(0)
    const applied = await sb.runCounted(['apply', plan, '--yes'], empty)
    expect(applied.result.code).toBe(2)
    expect(applied.requests).toBe(0)
    expect(applied.result.stderr).toContain('environment variable STATE_EMPTY_REF is empty')
    const emptyFile = join(folder, 'empty-secret.txt')
    writeFileSync(emptyFile, '')
    const fromFile = await sb.runCounted(['plan', '-f', stateFile(`version: 1\nprojects:\n  acme/website:\n    variables:\n      EMPTY_REF: {value: {file: empty-secret.txt}}\n`)], asAdmin)
    expect(fromFile.result.code).toBe(2)
    expect(fromFile.result.stderr).toContain('EMPTY_REF.value: empty-secret.txt is empty; write "" in the file for an empty value')
  })
})

describe('a state file that is not UTF-8', () => {
  it('is refused before any request, as is a {file:} reference that is not: a Latin-1 café would have been created as caf\uFFFD, and the real one pruned', async () => {
    const latin1 = join(folder, 'latin1.yaml')
    writeFileSync(latin1, Buffer.concat([Buffer.from('version: 1\nprojects:\n  acme/website:\n    labels:\n      caf'), Buffer.from([0xe9]), Buffer.from(': {color: red}\n')]))
    const {result, requests} = await sb.runCounted(['plan', '-f', latin1], asAdmin)
    expect([result.code, requests, result.stderr]).toEqual([2, 0, `Error: cannot read --file ${latin1}: not UTF-8 text (save it as UTF-8)\n`])
    const referring = stateFile('version: 1\nprojects:\n  acme/website:\n    variables:\n      LATIN1: {value: {file: latin1.yaml}}\n')
    const byReference = await sb.runCounted(['plan', '-f', referring], asAdmin)
    expect([byReference.result.code, byReference.requests]).toEqual([2, 0])
    expect(byReference.result.stderr).toContain('variables.LATIN1.value: cannot read latin1.yaml: not UTF-8 text (save it as UTF-8)')
  })
})

describe('bad input', () => {
  it.each([
    ['not YAML', 'version: 1\nprojects: [\n', /^Error: .*state-bad-\d+\.yaml is not valid YAML: /m],
    ['an unknown section', 'version: 1\nprojects:\n  "acme/**":\n    lables: {}\n', /projects\."acme\/\*\*"\.lables: unknown section .*did you mean labels\?/],
    ['a bad colour', 'version: 1\nprojects:\n  "acme/**":\n    labels:\n      bug: {color: blurple}\n', /projects\."acme\/\*\*"\.labels\.bug\.color "blurple": must be #RRGGBB/],
    ['a wrong type', 'version: 1\nprojects:\n  "acme/**":\n    labels:\n      bug: {color: red, priority: [1]}\n', /labels\.bug\.priority: must be text, a number or true\/false/],
    [
      'a missing environment variable',
      'version: 1\ninstance:\n  variables:\n    X: {value: {env: STATE_NOT_SET_ANYWHERE}}\n',
      /instance\.variables\.X\.value: environment variable STATE_NOT_SET_ANYWHERE is not set/,
    ],
  ])('refuses %s before any request, exit 2', async (_what, text, message) => {
    const file = stateFile(text, `state-bad-${++files}.yaml`)
    const {result, requests} = await sb.runCounted(['plan', '-f', file], asAdmin)
    expect(requests).toBe(0)
    expect(result.code).toBe(2)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(message)
  })

  it('refuses a glob with a typo that matches nothing, and a literal path that does not exist, exit 2 and no write', async () => {
    const file = stateFile('version: 1\nprojects:\n  "acmee/**":\n    labels: {x: {color: red}}\n  acme/nowhere:\n    labels: {x: {color: red}}\n')
    const result = await withoutWrites(() => applyOf(file))
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('projects."acmee/**": matches no project: there is no group acmee')
    expect(result.stderr).toContain('projects."acme/nowhere": no such project on the server')
  })
})

describe('label colours', () => {
  it('a name in the file and its hex on the server are the same colour: no change, no write', async () => {
    const created = await sb.api('POST', '/projects/20/labels', {as: 'admin', body: {name: 'hex-red', color: '#FF0000'}})
    expect(created.status).toBe(201)
    const file = stateFile('version: 1\nprojects:\n  acme/platform/api:\n    labels:\n      hex-red: {color: red}\n')
    const plan = await withoutWrites(() => planOf(file, asAdmin, ['--exit-code']))
    expect(plan.code, plan.stdout + plan.stderr).toBe(0)
    expect(plan.stdout).toContain('No changes')
  })
})

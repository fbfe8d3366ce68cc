// State files (src/state): globs, the checks of a file before any request, and the diff engine, as
// pure functions. The runs against a server are in test/commands/state.test.ts.
import {Readable} from 'node:stream'
import {describe, expect, it} from 'vitest'
import {UsageError} from '../../src/core/base/errors.js'
import {isSecret, reveal} from '../../src/core/base/secret.js'
import {fileLimits} from '../../src/core/input/parse-data.js'
import {checkState} from '../../src/state/check.js'
import {diffSection} from '../../src/state/diff.js'
import {parseStateText, wherePath} from '../../src/state/document.js'
import {globPattern, keyProblem, literalPrefix, matchesGlob} from '../../src/state/glob.js'
import {sectionNames} from '../../src/state/sections.js'
import {labels, protectedBranches} from '../../src/state/sections-scoped.js'

/** the limits of a run whose environment sets none */
const LIMITS = fileLimits({})

describe('globs', () => {
  it.each([
    ['acme/**', 'acme/website', true],
    ['acme/**', 'acme/platform/api', true],
    ['acme/**', 'acme', false],
    ['acme/*', 'acme/website', true],
    ['acme/*', 'acme/platform/api', false],
    ['acme/platform/*', 'acme/platform/api', true],
    ['acme/**/api', 'acme/api', true],
    ['acme/**/api', 'acme/a/b/api', true],
    ['acme/**/api', 'acme/a/b/apis', false],
    ['acme/web*', 'acme/website', true],
    ['acme/web*', 'acme/web/site', false],
    ['ACME/Website', 'acme/website', true],
    ['a.b/*', 'axb/c', false],
    // issue 37: a glob may start with a wildcard, `**` alone is every path (STATE.md "Selection")
    ['**', 'acme/website', true],
    ['**', 'acme/platform/api', true],
    ['**', 'acme', true],
    ['**/api', 'acme/platform/api', true],
    ['**/api', 'opensource/api', true],
    ['**/api', 'acme/platform/apis', false],
    ['**/platform/*', 'acme/platform/api', true],
    ['**/platform/*', 'acme/platform', false],
    ['*', 'acme', true],
    ['*', 'acme/website', false],
    ['*/website', 'acme/website', true],
    ['*/website', 'acme/platform/website', false],
    ['*/*', 'opensource/tool', true],
  ])('%s matches %s: %s', (glob, path, expected) => {
    expect(matchesGlob(glob, path)).toBe(expected)
  })

  it('lists the group of the literal prefix', () => {
    expect(literalPrefix('acme/platform/*')).toBe('acme/platform')
    expect(literalPrefix('acme/**/api')).toBe('acme')
    expect(globPattern('acme/*').source).toBe('^acme\\/[^/]*$')
    // none: the listing of every project (group) the token can see
    expect(literalPrefix('**')).toBe('')
    expect(literalPrefix('*/website')).toBe('')
  })

  it.each([
    ['acme/**/**', 'says ** twice'],
    ['acme//x', 'empty path segment'],
    ['acme/x**', '** must be a whole path segment'],
    ['', 'not empty'],
  ])('refuses the key %j', (key, rule) => {
    expect(keyProblem(key)).toContain(rule)
  })
})

describe('places in a file', () => {
  it('quotes keys that are not plain words', () => {
    expect(wherePath(['projects', 'acme/**', 'labels', 'bug', 'color'])).toBe('projects."acme/**".labels.bug.color')
    expect(wherePath(['instance', 'hooks', 0, 'url'])).toBe('instance.hooks[0].url')
  })
})

/** the run's environment is handed in, as a command hands in its own (src/core/base/io.ts) */
const check = async (yaml: string, env: Record<string, string> = {}) =>
  checkState({file: 'state.yaml', folder: '/nonexistent', data: await parseStateText(yaml, 'state.yaml', LIMITS)}, {io: {env, stdin: Readable.from([])}})

describe('checking a state file', () => {
  it.each([
    ['version: 2', 'state.yaml: version: must be 1'],
    ['projects: {}', 'state.yaml: version: missing'],
    ['version: 1\nprojets: {}', 'state.yaml: projets: unknown top-level key (keys: version, instance, groups, projects); did you mean projects?'],
    [
      'version: 1\nprojects:\n  "acme/**":\n    lables: {}',
      `state.yaml: projects."acme/**".lables: unknown section (here: ${[...sectionNames('projects'), 'prune', 'skip', 'replace'].join(', ')}); did you mean labels?`,
    ],
    ['version: 1\nprojects:\n  "acme/**":\n    labels:\n      bug: {color: blurple}', 'state.yaml: projects."acme/**".labels.bug.color "blurple": must be #RRGGBB'],
    [
      'version: 1\nprojects:\n  "acme/**":\n    labels:\n      bug: {colour: red}',
      'state.yaml: projects."acme/**".labels.bug.colour: unknown field (fields: color, description, priority, archived); did you mean color?',
    ],
    // an object's own names are no field, no role: they were looked up on the prototype (input.parse is not a function)
    [
      'version: 1\nprojects:\n  "acme/**":\n    labels:\n      bug: {color: red, constructor: x}',
      'state.yaml: projects."acme/**".labels.bug.constructor: unknown field (fields: color, description, priority, archived)',
    ],
    [
      'version: 1\nprojects:\n  acme/web:\n    protected_branches:\n      main: {push_access_level: constructor}',
      'state.yaml: projects."acme/web".protected_branches.main.push_access_level "constructor": must be one of 0, 30, 40, 60 (or their roles: no one, developer, maintainer, admin)',
    ],
    ['version: 1\nprojects:\n  "acme/**":\n    labels:\n      bug: {color: red, priority: high}', 'state.yaml: projects."acme/**".labels.bug.priority "high": must be a whole number'],
    ['version: 1\ngroups:\n  acme:\n    labels:\n      bug: {color: red, priority: 1}', 'state.yaml: groups.acme.labels.bug.priority: applies to project labels only'],
    [
      'version: 1\nprojects:\n  acme/web:\n    protected_branches:\n      main: {push_access_level: everyone}',
      'state.yaml: projects."acme/web".protected_branches.main.push_access_level "everyone": must be one of 0, 30, 40, 60 (or their roles: no one, developer, maintainer, admin)',
    ],
    ['version: 1\ninstance:\n  variables:\n    TOKEN: {value: {env: NO_SUCH_VARIABLE_HERE}}', 'state.yaml: instance.variables.TOKEN.value: environment variable NO_SUCH_VARIABLE_HERE is not set'],
    ['version: 1\ninstance:\n  variables:\n    BAD-KEY: x', 'state.yaml: instance.variables.BAD-KEY "BAD-KEY": may hold only A-Z, a-z, 0-9 and _'],
    ['version: 1\ninstance:\n  hooks:\n    - {url: "ftp://x"}', 'state.yaml: instance.hooks[0].url: must be an absolute http or https URL'],
    ['version: 1\ninstance:\n  prune: [deploy_keys]', 'state.yaml: instance.prune[0]: the API cannot delete instance deploy_keys: it cannot be pruned'],
    ['version: 1\nprojects:\n  "**/**": {}', 'state.yaml: projects."**/**": **/** says ** twice: one is any number of segments'],
    ['version: 1\nprojects:\n  "**": {replace: labels}', 'state.yaml: projects."**".replace: must be a list of sections ([labels, variables])'],
    ['version: 1\nprojects:\n  "**": {replace: [lables]}', 'state.yaml: projects."**".replace[0]: unknown section "lables" (here: labels,'],
    ['version: 1\ninstance:\n  replace: [variables]', 'state.yaml: instance.replace: unknown section (here: features, variables, hooks, deploy_keys, prune)'],
    [
      'version: 1\nprojects:\n  acme/web:\n    variables:\n      A: {value: short, masked: true}',
      'state.yaml: projects."acme/web".variables.A.value: cannot be masked: a masked value needs at least 8 characters',
    ],
    ['version: 1\nprojects:\n  acme/web:\n    skip: yes-please', 'state.yaml: projects."acme/web".skip: must be true or false'],
    ['version: 1\ninstance:\n  features:\n    ci_beta: {percentage_of_actors: 250}', 'state.yaml: instance.features.ci_beta.value "250": must be true, false or a percentage from 0 to 100'],
    [
      'version: 1\nprojects:\n  acme/web:\n    deploy_keys:\n      - {title: x, key: "ssh-rsa nope"}',
      'state.yaml: projects."acme/web".deploy_keys[0].key "ssh-rsa nope": must be an OpenSSH public key',
    ],
    [
      'version: 1\nprojects:\n  acme/web:\n    protected_branches:\n      main: {merge_access_level: 35}',
      'state.yaml: projects."acme/web".protected_branches.main.merge_access_level "35": must be one of 0, 30, 40, 60',
    ],
    [
      'version: 1\nprojects:\n  acme/web:\n    package_protection_rules:\n      - {package_name_pattern: x, package_type: npm, minimum_access_level_for_push: developer}',
      'state.yaml: projects."acme/web".package_protection_rules[0].minimum_access_level_for_push "developer": must be one of maintainer, owner, admin or null',
    ],
  ])('refuses %j', async (yaml, message) => {
    await expect(check(yaml)).rejects.toThrow(message)
    await expect(check(yaml)).rejects.toMatchObject({exitCode: 2})
  })

  it('reads a number written otherwise than JavaScript writes it as its text: a VERSION of 1.10 is not 1.1, nor a label 007 the label 7', async () => {
    expect(await parseStateText('a: 1.10\nb: 007\nc: 0x1F\nd: 5\ne: 2.5\n1.20: x\n', 'state.yaml', LIMITS)).toEqual({a: '1.10', b: '007', c: '0x1F', d: 5, e: 2.5, '1.20': 'x'})
  })

  it('refuses text that is not YAML or JSON', async () => {
    await expect(parseStateText('version: 1\n  bad: [', 'state.yaml', LIMITS)).rejects.toThrow(/^state.yaml is not valid YAML: /)
    await expect(parseStateText('{"version": 1', 'state.json', LIMITS)).rejects.toThrow(/^state.json is not valid JSON: /)
    // two equal keys: YAML refuses them, and JSON the same (JSON.parse kept the last without a word)
    const twice = '{"version": 1, "projects": {"acme/website": {"labels": {"bug": {"color": "red"}}, "labels": {"other": {}}}}}'
    await expect(parseStateText(twice, 'state.json', LIMITS)).rejects.toThrow(/^state.json is not valid JSON: Map keys must be unique/)
    await expect(parseStateText(twice, 'state.yaml', LIMITS)).rejects.toThrow(/^state.yaml is not valid YAML: Map keys must be unique/)
    // a billion laughs: refused as the file's fault (a usage error, exit 2), not an internal error
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', ...'bcdefghi'.split('').map((name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[index]}`).join(', ')}]`)].join('\n')
    const refused = await parseStateText(bomb, 'state.yaml', LIMITS).catch(error => error as Error)
    expect(refused).toBeInstanceOf(UsageError)
    expect((refused as Error).message).toMatch(/^state.yaml holds more than \d+ values, the limit \(FORGECTL_MAX_FILE_VALUES raises it\)$/)
  })

  it('reads access levels as words or numbers, references from the environment, and a plain variable value', async () => {
    const model = await check(
      'version: 1\ninstance:\n  variables:\n    PLAIN: registry.example.com\n    SECRET: {value: {env: STATE_TEST_SECRET}, masked: true}\nprojects:\n  acme/web:\n    protected_branches:\n      main: {push_access_level: no one, merge_access_level: 40}',
      {STATE_TEST_SECRET: 's3cret-value'},
    )
    const variables = model.entries[0]!.sections.get('variables')!
    expect(variables.get('PLAIN')!.fields).toEqual({key: 'PLAIN', value: 'registry.example.com'})
    // held as a Secret (issue 35): the value itself only through reveal, the request path's
    expect(isSecret(variables.get('SECRET')!.fields.value)).toBe(true)
    expect(reveal(variables.get('SECRET')!.fields.value)).toBe('s3cret-value')
    expect(String(variables.get('SECRET')!.fields.value)).toBe('(sensitive)')
    expect(variables.get('SECRET')!.sources.value).toEqual({env: 'STATE_TEST_SECRET'})
    expect(model.entries[1]!.sections.get('protected_branches')!.get('main')!.fields).toEqual({name: 'main', push_access_level: 0, merge_access_level: 40})
  })

  // one rule for a level (core/input/access-level.ts): a state file takes every spelling the commands take
  // (`none`, `no_one`, a role in any case, the number), where it had its own table that refused `none`
  it('reads a level in every spelling the commands take, and exports it as their word', async () => {
    const model = await check(
      'version: 1\nprojects:\n  acme/web:\n    protected_branches:\n      main: {push_access_level: none, merge_access_level: Maintainer, unprotect_access_level: "60"}\n      dev: {push_access_level: no_one}\n    package_protection_rules:\n      - {package_name_pattern: x, package_type: npm, minimum_access_level_for_push: 40, minimum_access_level_for_delete: Owner}',
    )
    const branches = model.entries[0]!.sections.get('protected_branches')!
    expect(branches.get('main')!.fields).toEqual({name: 'main', push_access_level: 0, merge_access_level: 40, unprotect_access_level: 60})
    expect(branches.get('dev')!.fields).toEqual({name: 'dev', push_access_level: 0})
    expect([...model.entries[0]!.sections.get('package_protection_rules')!.values()][0]!.fields).toMatchObject({minimum_access_level_for_push: 'maintainer', minimum_access_level_for_delete: 'owner'})
    const exported = protectedBranches.exported(
      {id: 'main', ref: 'main', fields: {push_access_level: 0, merge_access_level: [30, 40], unprotect_access_level: 60}},
      {kind: 'projects', path: 'acme/web'},
    )!
    expect(exported.value).toEqual({push_access_level: 'no one', merge_access_level: 'developer', unprotect_access_level: 'admin'})
  })
})

describe('the diff engine', () => {
  const target = {kind: 'projects' as const, path: 'acme/web'}
  const desired = (id: string, fields: Record<string, unknown>) => ({id, fields: {name: id, ...fields}, sources: {}, byReference: [], where: []})

  it('creates what the server lacks, updates what differs (each field old → new), leaves the rest, deletes only with prune', () => {
    const wanted = new Map([
      ['bug', desired('bug', {color: '#D9534F'})],
      ['triage', desired('triage', {color: 'orange', description: 'look'})],
      ['new', desired('new', {color: 'red'})],
    ])
    const current = [
      {id: 'bug', ref: 'bug', fields: {color: '#d9534f', description: null}},
      {id: 'triage', ref: 'triage', fields: {color: 'orange', description: 'old'}},
      {id: 'stale', ref: 'stale', fields: {color: 'blue'}},
    ]
    const kept = diffSection(labels, target, wanted, current, false)
    expect(kept.changes.map(c => [c.action, c.id])).toEqual([
      ['update', 'triage'],
      ['create', 'new'],
    ])
    expect(kept.changes[0]!.fields).toEqual([{field: 'description', before: 'old', after: 'look', sensitive: false}])
    expect(kept.unchanged).toBe(1)
    const pruned = diffSection(labels, target, wanted, current, true)
    expect(pruned.changes.map(c => [c.action, c.id])).toEqual([
      ['update', 'triage'],
      ['create', 'new'],
      ['delete', 'stale'],
    ])
  })

  it('says what a record that cannot be created lacks', () => {
    const result = diffSection(labels, target, new Map([['x', desired('x', {description: 'no colour'})]]), [], false)
    expect(result.changes).toEqual([])
    expect(result.problems).toEqual(['project acme/web labels x: not on the server, and it cannot be created without color'])
  })
})

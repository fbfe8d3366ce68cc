// Issue 35, items 1 and 2, against the sandbox over HTTP: a value a state file gives by reference is a
// secret in ANY field (never in plan, --json, a saved plan, apply's confirmation and report, --dry-run's
// trace or a refusal, and still sent as itself), and what a reference may reach is confined (the state
// file's folder; no variable of forgectl's own or of the run's credentials); export never suggests such
// a name. The values are generated (fast-check), not listed.
import {mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {DENIED_ENV} from '../../src/state/refs.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'
import {makeKey} from '../helpers/ssh-keys.js'

const sb = useSandbox()
const root = mkdtempSync(join(tmpdir(), 'forgectl-state-secrets-'))
const folder = join(root, 'states')
mkdirSync(folder)
const outside = join(root, 'outside.txt')
writeFileSync(outside, 'outside-the-folder-3b7e91\n')
let count = 0

function stateFile(text: string): string {
  const path = join(folder, `state-${++count}.yaml`)
  writeFileSync(path, text)
  return path
}

const asAdmin: SandboxRunOptions = {as: 'admin'}

// a value no plan line, key or message holds by chance; any characters a variable can carry (no NUL)
const secretValue = fc.string({minLength: 1, maxLength: 40}).map(text => `Zq${text.replace(/\0/g, '')}Xj`)

describe('a reference is a secret in any field', () => {
  // label and milestone fields of a project and a group, each of which takes any text
  const fields = fc.constantFrom(
    {scope: 'projects:\n  acme/website', section: 'labels', field: 'description', record: (name: string) => `${name}: {color: "#123456", description: {env: STATE_ANY}}`},
    {scope: 'groups:\n  acme', section: 'labels', field: 'description', record: (name: string) => `${name}: {color: "#654321", description: {env: STATE_ANY}}`},
    {scope: 'projects:\n  acme/website', section: 'milestones', field: 'description', record: (name: string) => `${name}: {description: {env: STATE_ANY}}`},
  )

  it('is in no byte of plan, --json, a saved plan, apply --dry-run, apply and apply PLAN, and is what the server receives', async () => {
    await fc.assert(
      fc.asyncProperty(fields, secretValue, secretValue, async (where, generated, other) => {
        const name = `secret-any-${++count}`
        // values of this run only: a label an earlier run created holds its own, which --verbose may show as the server's
        const [value, changed] = [`${generated}${count}`, `${other}${count}!`]
        const file = stateFile(`version: 1\n${where.scope}:\n    ${where.section}:\n      ${where.record(name)}\n`)
        const saved = join(folder, `${name}.plan`)
        const env = {...asAdmin, env: {STATE_ANY: value}}
        const outputs = [
          await sb.run(['plan', '-f', file], env),
          await sb.run(['plan', '-f', file, '--json', '--out', saved], env),
          await sb.run(['apply', '-f', file, '--dry-run', '--verbose'], env),
          await sb.run(['apply', saved, '--yes'], env),
        ]
        for (const output of outputs) expect(output.code, output.stderr).toBe(0)
        expect(outputs[0]!.stdout).toContain(`+ ${where.section} ${name}: `)
        expect(outputs[0]!.stdout).toContain(`${where.field} (sensitive)`)
        // the trace of the write shows the marker where the value goes
        expect(outputs[2]!.stderr).toContain(`"${where.field}":"(sensitive)"`)
        // sent as itself: reveal() is the request path's
        const path = where.scope.startsWith('groups') ? '/groups/acme' : '/projects/acme%2Fwebsite'
        const listed = await sb.api<Array<{name?: string; title?: string; description: string}>>('GET', `${path}/${where.section}?per_page=100`, {as: 'admin'})
        expect(listed.body.find(record => (record.name ?? record.title) === name)?.description).toBe(value)
        // a changed secret is compared without being shown, and applied from the file
        const second = {...asAdmin, env: {STATE_ANY: changed}}
        outputs.push(await sb.run(['plan', '-f', file], second), await sb.run(['apply', '-f', file, '--yes'], second))
        expect(outputs[4]!.stdout).toContain(`~ ${where.section} ${name}: ${where.field} (sensitive) differs`)
        const written = [...outputs.flatMap(output => [output.stdout, output.stderr]), readFileSync(saved, 'utf8')].join('\n')
        expect(written).not.toContain(value)
        expect(written).not.toContain(changed)
      }),
      {numRuns: 6},
    )
  }, 120_000)

  it("a refusal names the field and the rule, never the value: a colour, a level, a key file's private key", async () => {
    await fc.assert(
      fc.asyncProperty(
        secretValue,
        fc.constantFrom('labels:\n      bad: {color: {env: STATE_BAD}}', 'protected_branches:\n      main: {push_access_level: {env: STATE_BAD}}'),
        async (value, section) => {
          const file = stateFile(`version: 1\nprojects:\n  acme/website:\n    ${section}\n`)
          const {result, requests} = await sb.runCounted(['plan', '-f', file], {...asAdmin, env: {STATE_BAD: value}})
          expect([result.code, requests]).toEqual([2, 0])
          expect(result.stderr).toMatch(/^Error: .*: must be /)
          expect(result.stderr).not.toContain(value)
        },
      ),
      {numRuns: 20},
    )
    // a field that names the record is in every plan line: it cannot be a secret, and is refused without its value
    for (const section of [
      'package_protection_rules:\n      - {package_name_pattern: {env: STATE_BAD}, package_type: npm}',
      'variables:\n      NAMED: {value: x, environment_scope: {env: STATE_BAD}}',
    ]) {
      const file = stateFile(`version: 1\nprojects:\n  acme/website:\n    ${section}\n`)
      const {result, requests} = await sb.runCounted(['plan', '-f', file], {...asAdmin, env: {STATE_BAD: 'named-by-secret-77'}})
      expect([result.code, requests]).toEqual([2, 0])
      expect(result.stderr).toContain('names the record, and every plan line shows it: it cannot be a secret reference')
      expect(result.stderr).not.toContain('named-by-secret-77')
    }
    // a value holding a quote ended the quoted part early, and the rest of it was shown (`"Zq"b7x…" is not a supported key type`)
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z0-9]{6,20}$/), fc.constantFrom('"', '""', '" "'), async (rest, quote) => {
        const file = stateFile('version: 1\nprojects:\n  acme/website:\n    deploy_keys:\n      - {title: quoted, key: {env: STATE_BAD}}\n')
        const {result, requests} = await sb.runCounted(['plan', '-f', file], {...asAdmin, env: {STATE_BAD: `Zq${quote}${rest}Xj tail`}})
        expect([result.code, requests]).toEqual([2, 0])
        expect(result.stderr).toContain('deploy_keys[0].key: must be an OpenSSH public key: ')
        expect(result.stderr).not.toContain(rest)
      }),
      {numRuns: 10},
    )
    const key = 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQ'
    writeFileSync(join(folder, 'id_ed25519'), `-----BEGIN OPENSSH PRIVATE KEY-----\n${key}\n-----END OPENSSH PRIVATE KEY-----\n`)
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    deploy_keys:\n      - {title: oops, key: {file: id_ed25519}}\n')
    const {result, requests} = await sb.runCounted(['plan', '-f', file], asAdmin)
    expect([result.code, requests]).toEqual([2, 0])
    expect(result.stderr).toContain('deploy_keys[0].key: must be an OpenSSH public key: this is a private key')
    expect(result.stderr).not.toContain(key)
    expect(result.stderr).not.toContain('BEGIN')
  })
})

describe('references are confined', () => {
  it("{file:} reads inside the state file's folder only: no absolute path, no .., no symbolic link leading out; --allow-files-outside lifts it", async () => {
    symlinkSync(outside, join(folder, 'link-out.txt'))
    writeFileSync(join(folder, 'inside.txt'), 'inside-the-folder\n')
    symlinkSync(join(folder, 'inside.txt'), join(folder, 'link-in.txt'))
    const refer = (path: string) => stateFile(`version: 1\nprojects:\n  acme/website:\n    labels:\n      confined: {color: "#123456", description: {file: ${JSON.stringify(path)}}}\n`)
    for (const [path, rule] of [
      [outside, 'an absolute path is outside'],
      ['../outside.txt', 'a path through .. may lead outside'],
      ['link-out.txt', 'a symbolic link leads outside'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['plan', '-f', refer(path)], asAdmin)
      expect([result.code, requests], result.stderr).toEqual([2, 0])
      expect(result.stderr).toContain(`labels.confined.description: {file: ${path}}: ${rule} the state file's folder`)
      expect(result.stderr).not.toContain('outside-the-folder-3b7e91')
    }
    expect((await sb.run(['plan', '-f', refer('link-in.txt')], asAdmin)).code).toBe(0)
    const allowed = await sb.run(['plan', '-f', refer(outside), '--allow-files-outside'], asAdmin)
    expect(allowed.code, allowed.stderr).toBe(0)
    expect(allowed.stdout).toContain('description (sensitive)')
  })

  it('a saved plan finds its files again in the folder it was made for, inside the working folder, and refuses an edited one that names another file', async () => {
    const key = makeKey('saved-plan-key')
    writeFileSync(join(folder, 'saved.pub'), `${key.text}\n`)
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      saved-ref: {color: "#123456", description: {file: saved.pub}}\n')
    const plan = join(root, 'elsewhere.plan')
    const here = {...asAdmin, cwd: folder}
    expect((await sb.run(['plan', '-f', file, '--out', plan], here)).code).toBe(0)
    const text = readFileSync(plan, 'utf8')
    expect(text).not.toContain(key.text)
    // the folder dropped: the file is then the working folder's, not the root's (`{file: home/me/.ssh/id_rsa}`)
    const dropped = text.replace('"file": "saved.pub"', `"file": ${JSON.stringify(relative('/', outside))}`).replace(`,\n          "folder": ${JSON.stringify(folder)}`, '')
    expect(dropped).not.toContain('"folder"')
    // the file named otherwise, or the folder: the plan is a file anyone who can write it may edit
    for (const [edited, rule] of [
      [text.replace('"file": "saved.pub"', `"file": ${JSON.stringify(outside)}`), 'an absolute path is outside'],
      [text.replace('"file": "saved.pub"', '"file": "outside.txt"').replace(`"folder": ${JSON.stringify(folder)}`, `"folder": ${JSON.stringify(root)}`), 'outside the working folder'],
      [dropped, `cannot read ${relative('/', outside)}`],
    ] as const) {
      writeFileSync(plan, edited)
      const {result, requests} = await sb.runCounted(['apply', plan, '--yes'], here)
      expect([result.code, requests], result.stderr).toEqual([2, 0])
      expect(result.stderr).toContain(rule)
      expect(result.stderr).not.toContain('outside-the-folder-3b7e91')
    }
    writeFileSync(plan, text)
    // applied from another working folder, the plan's folder is outside it
    const elsewhere = await sb.runCounted(['apply', plan, '--yes'], {...asAdmin, cwd: mkdtempSync(join(tmpdir(), 'forgectl-elsewhere-'))})
    expect([elsewhere.result.code, elsewhere.requests]).toEqual([2, 0])
    expect(elsewhere.result.stderr).toContain('outside the working folder; apply a saved plan from the folder it was planned in (or with --allow-files-outside)')
    const applied = await sb.run(['apply', plan, '--yes'], here)
    expect(applied.code, applied.stderr).toBe(0)
    expect(`${applied.stdout}${applied.stderr}`).not.toContain(key.text)
  })

  it("a saved plan finds a plain secret again only in its own state file, at the record's field: an edited one that names another data file of the working folder, or another place, is refused", async () => {
    const file = stateFile('version: 1\nprojects:\n  acme/platform/api:\n    variables:\n      SAVED_PLAIN: {value: plainvalue7c1e, masked: true}\n')
    const plan = join(folder, 'plain.plan')
    const here = {...asAdmin, cwd: folder}
    const planned = await sb.run(['plan', '-f', file, '--out', plan], here)
    expect(planned.code, planned.stderr).toBe(0)
    const text = readFileSync(plan, 'utf8')
    const saved = JSON.stringify({state: file, at: ['projects', 'acme/platform/api', 'variables', 'SAVED_PLAIN', 'value']})
    expect(text.replace(/\s+/g, '')).toContain(saved)
    // another data file inside the working folder: a .env read whole as YAML's one string, a YAML file's key
    writeFileSync(join(folder, '.env'), 'DEPLOY_TOKEN=env-file-secret-2d9f\n')
    writeFileSync(join(folder, 'ci.yml'), 'deploy:\n  token: ci-file-secret-5a0b\n')
    const source = (path: string, steps: unknown[]) =>
      text.replace(`"state": ${JSON.stringify(file)}`, `"state": ${JSON.stringify(path)}`).replace(/"at": \[[^\]]*\]/, `"at": ${JSON.stringify(steps)}`)
    for (const [edited, rule] of [
      [source(join(folder, '.env'), []), `${join(folder, '.env')} is not the state file the plan was made from`],
      [source(join(folder, 'ci.yml'), ['deploy', 'token']), 'is not the state file the plan was made from'],
      // the plan's own file named otherwise too: what is read there is no state file
      [
        source(join(folder, 'ci.yml'), ['projects', 'acme/platform/api', 'variables', 'SAVED_PLAIN', 'value']).replaceAll(JSON.stringify(file), JSON.stringify(join(folder, 'ci.yml'))),
        'ci.yml is not a state file',
      ],
      [source(file, ['version']), "version is not the place of the variables SAVED_PLAIN's value"],
    ] as const) {
      writeFileSync(plan, edited)
      const {result, requests} = await sb.runCounted(['apply', plan, '--yes'], here)
      expect([result.code, requests], result.stderr).toEqual([2, 0])
      expect(result.stderr).toContain(rule)
      expect(result.stderr).not.toMatch(/env-file-secret|ci-file-secret/)
    }
    writeFileSync(plan, text)
    const applied = await sb.run(['apply', plan, '--yes'], here)
    expect(applied.code, applied.stderr).toBe(0)
  })

  it("{env:} refuses forgectl's own variables and the run's credentials, whatever the case, before any request and without the value", async () => {
    const names = fc.oneof(
      fc.constantFrom(...DENIED_ENV),
      fc.stringMatching(/^[A-Z0-9_]{0,12}$/).map(rest => `FORGECTL_${rest}`),
    )
    await fc.assert(
      fc.asyncProperty(names, fc.boolean(), secretValue, async (name, lower, value) => {
        const written = lower ? name.toLowerCase() : name
        const file = stateFile(`version: 1\nprojects:\n  acme/website:\n    labels:\n      denied: {color: "#123456", description: {env: ${written}}}\n`)
        const {result, requests} = await sb.runCounted(['plan', '-f', file], {...asAdmin, env: {[written]: value}})
        expect([result.code, requests]).toEqual([2, 0])
        expect(result.stderr).toMatch(new RegExp(`description: ${written} (is one of forgectl's own variables|holds a credential of the run itself)`))
        expect(result.stderr).not.toContain(value)
      }),
      {numRuns: 25},
    )
    // the administrator's token, which the harness sets as FORGECTL_TOKEN
    const file = stateFile('version: 1\nprojects:\n  acme/website:\n    labels:\n      x: {color: "#123456", description: {env: FORGECTL_TOKEN}}\n')
    const plan = await sb.run(['plan', '-f', file, '--json'], asAdmin)
    expect(plan.code).toBe(2)
    expect(`${plan.stdout}${plan.stderr}`).not.toContain(TOKENS.admin)
  })
})

describe('export never suggests a denied name', () => {
  it('writes a masked variable a maintainer named FORGECTL_TOKEN or CI_JOB_TOKEN under STATE_<scope>_<key>, which plan then reads', async () => {
    for (const key of ['FORGECTL_TOKEN', 'CI_JOB_TOKEN']) {
      await sb.api('POST', '/projects/acme%2Fwebsite/variables', {as: 'admin', body: {key, value: `maintainer-set-${key}`, masked: true}})
    }
    const exported = await sb.run(['export', '-p', 'acme/website', '--sections', 'variables'], asAdmin)
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stdout).toContain('FORGECTL_TOKEN:\n        value:\n          env: STATE_ACME_WEBSITE_FORGECTL_TOKEN\n')
    expect(exported.stdout).toContain('CI_JOB_TOKEN:\n        value:\n          env: STATE_ACME_WEBSITE_CI_JOB_TOKEN\n')
    expect(exported.stdout).not.toMatch(/env: (FORGECTL_|CI_JOB_TOKEN)/)
    const file = stateFile(exported.stdout)
    const env = {
      STATE_ACME_WEBSITE_FORGECTL_TOKEN: 'maintainer-set-FORGECTL_TOKEN',
      STATE_ACME_WEBSITE_CI_JOB_TOKEN: 'maintainer-set-CI_JOB_TOKEN',
      STATE_ACME_WEBSITE_CDN_TOKEN: 'Y2RuLXRva2VuLXNlZWRlZA==',
    }
    const planned = await sb.run(['plan', '-f', file, '--exit-code'], {...asAdmin, env})
    expect(planned.stdout, planned.stderr).toContain('No changes')
    expect(planned.stdout).not.toContain(TOKENS.admin)
  })
})

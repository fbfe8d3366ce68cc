// What a state file's {env:} may read, and the names export suggests (issue 35, item 2): pure rules,
// checked over generated names rather than a list of cases.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {suggestedName} from '../../src/state/export.js'
import {DENIED_ENV, deniedEnvName} from '../../src/state/refs.js'

const anyCase = (name: string) =>
  fc.array(fc.boolean(), {minLength: name.length, maxLength: name.length}).map(upper => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''))

describe('{env:} refuses', () => {
  it("forgectl's own variables and every name on the deny list, whatever the case", () => {
    fc.assert(
      fc.property(
        fc.string().chain(rest => anyCase(`FORGECTL_${rest}`)),
        name => {
          expect(deniedEnvName(name)).toMatch(/forgectl's own variables/)
        },
      ),
    )
    fc.assert(
      fc.property(fc.constantFrom(...DENIED_ENV).chain(anyCase), name => {
        expect(deniedEnvName(name)).toMatch(/a credential of the run itself/)
      }),
    )
  })

  it('no other name: a variable a state file means to read is read', () => {
    for (const name of ['DEPLOY_TOKEN', 'NPM_TOKEN', 'HOME', 'SSH_AUTH_SOCK', 'FORGECTL', 'MY_FORGECTL_TOKEN', 'CI_JOB_TOKENS']) expect(deniedEnvName(name)).toBeUndefined()
  })
})

describe('export suggests', () => {
  const target = fc.oneof(fc.constant({kind: 'instance' as const, path: ''}), fc.record({kind: fc.constantFrom('groups' as const, 'projects' as const), path: fc.string({minLength: 1})}))

  it('STATE_, the scope and the key as one upper-case word, never a name a reference may not read', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...DENIED_ENV, 'FORGECTL_TOKEN')), target, fc.option(fc.string(), {nil: undefined}), (key, where, scope) => {
        const name = suggestedName(key, where, scope)
        expect(name).toMatch(/^STATE_[A-Z0-9_]*$/)
        expect(deniedEnvName(name)).toBeUndefined()
      }),
    )
    expect(suggestedName('FORGECTL_TOKEN', {kind: 'projects', path: 'acme/web-site'})).toBe('STATE_ACME_WEB_SITE_FORGECTL_TOKEN')
    expect(suggestedName('TOKEN', {kind: 'instance', path: ''})).toBe('STATE_INSTANCE_TOKEN')
    expect(suggestedName('SITE_URL', {kind: 'projects', path: 'acme/website'}, 'production')).toBe('STATE_ACME_WEBSITE_SITE_URL_PRODUCTION')
  })
})

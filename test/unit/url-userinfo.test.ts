// A URL's user and password run to the authority's last `@`: a password may hold one (the URL parser
// takes `https://bot:p@ss@host/` as user bot, password p@ss). Every name or redaction forgectl makes of a
// URL (a hook's plan name and export reference, a mirror's name, a trace's URL) cuts there, so nothing of
// the userinfo is left in it: the result is the same whatever the userinfo is.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {redactUrl} from '../../src/core/base/redact.js'
import {exportedHookUrl, hookName} from '../../src/state/sections-instance.js'
import {mirrorName} from '../../src/state/sections-mirrors.js'

// what a URL parser leaves inside the authority: no `/`, `?`, `#`, no space
const userinfo = fc.string({unit: fc.constantFrom(...'aZ9:@%+=._~!$&-'), minLength: 1, maxLength: 24})
const namings: Array<[string, (url: string) => unknown]> = [
  ['hookName', hookName],
  ['exportedHookUrl', exportedHookUrl],
  ['mirrorName', mirrorName],
  ['redactUrl', redactUrl],
]

describe('a URL with credentials is named without any part of them', () => {
  it.each(namings)('%s', (_name, naming) => {
    fc.assert(
      fc.property(userinfo, fc.constantFrom('', '/hook', '/in?x=1', '#f'), (info, rest) => {
        expect(naming(`https://${info}@ci.example.com${rest}`)).toEqual(naming(`https://u@ci.example.com${rest}`))
      }),
      {numRuns: 300},
    )
    // the case that showed it: a password holding `@`
    expect(JSON.stringify(naming('https://bot:p@ssW0rd@ci.example.com/hook'))).not.toMatch(/ssW0rd/i)
  })
})

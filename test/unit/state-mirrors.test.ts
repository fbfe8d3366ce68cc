// The remote_mirrors section's comparison of a URL (issue 37), as a pure function: the platform masks a
// mirror URL's user and password (lib/api/entities/remote_mirror.rb) and cannot change a URL, so the diff
// engine is told which URLs it cannot compare (Section.uncomparable) and which differ for good.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {diffSection} from '../../src/state/diff.js'
import {mirrorName, remoteMirrors} from '../../src/state/sections-mirrors.js'

const target = {kind: 'projects' as const, path: 'acme/web'}
const diff = (wanted: string, server: string) => {
  const desired = {id: mirrorName(wanted), fields: {url: wanted, enabled: true}, sources: {}, byReference: [], where: []}
  return diffSection(remoteMirrors, target, new Map([[desired.id, desired]]), [{id: mirrorName(server), ref: 7, fields: {url: server, enabled: true}}], false)
}
const verdict = (wanted: string, server: string) => {
  const result = diff(wanted, server)
  expect(result.changes).toEqual([])
  return result.uncompared.map(blind => `${blind.fields.join(',')} ${blind.reason}`).join('; ') || 'same'
}

describe('a mirror URL against the server', () => {
  it.each([
    ['credentials on both sides: cannot compare', 'https://bot:new@h.example.com/a.git', 'https://*****:*****@h.example.com/a.git', 'url hidden'],
    ['a user on both sides (ssh)', 'ssh://git@h.example.com/a.git', 'ssh://*****@h.example.com/a.git', 'url hidden'],
    ['credentials in the file only: differs, and cannot change', 'https://bot:x@h.example.com/a.git', 'https://h.example.com/a.git', 'url fixed'],
    ['credentials on the server only: differs, and cannot change', 'https://h.example.com/a.git', 'https://*****:*****@h.example.com/a.git', 'url fixed'],
    ['none on either side', 'https://h.example.com/a.git', 'https://h.example.com/a.git', 'same'],
  ])('%s', (_case, wanted, server, expected) => {
    expect(verdict(wanted, server)).toBe(expected)
  })

  it('names a URL without its credentials, whatever they hold, and leaves one without them as it is', () => {
    const part = fc.stringMatching(/^[A-Za-z0-9._~%!$&'()*+,;=:-]{1,20}$/)
    fc.assert(
      fc.property(part, part, (user, password) => {
        expect(mirrorName(`https://${user}:${password}@h.example.com/g/a.git`)).toBe('https://h.example.com/g/a.git')
        expect(mirrorName(`ssh://${user}@h.example.com:2222/a.git`)).toBe('ssh://h.example.com:2222/a.git')
      }),
    )
    expect(mirrorName('https://h.example.com/a@b.git')).toBe('https://h.example.com/a@b.git')
  })
})

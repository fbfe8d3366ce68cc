// The expiry a rotated token gets: the old token's lifetime counted from today, within the platform's
// maximum; a record that tells no lifetime leaves the choice to the server.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {keptExpiry, SENT_MAX_LIFETIME_DAYS} from '../../src/api/token-lifetime.js'
import type {PersonalAccessToken} from '../../src/api/tokens.js'
import {rotatedExpiryNote} from '../../src/topics/tokens.js'

const DAY = 86_400_000
const date = (time: number) => new Date(time).toISOString().slice(0, 10)
const NOW = Date.parse('2026-11-26T23:59:30Z')

describe('keptExpiry', () => {
  it('keeps the lifetime in whole days, from the UTC day of now, whatever the hour of creation', () => {
    expect(keptExpiry({created_at: '2026-08-01T23:10:00.000Z', expires_at: '2026-10-30'}, NOW)).toEqual({
      input: {expires_at: '2027-02-24'},
      because: "the old token's lifetime of 90 days",
    })
    // a created_at with an offset counts by its UTC day
    expect(keptExpiry({created_at: '2026-08-02T01:10:00+02:00', expires_at: '2026-10-30'}, NOW).input).toEqual({expires_at: '2027-02-24'})
  })

  it('gives at least one day, and at most the maximum (also to a token that never expired)', () => {
    expect(keptExpiry({created_at: '2026-11-20T08:00:00Z', expires_at: '2026-11-20'}, NOW).input).toEqual({expires_at: '2026-11-27'})
    expect(keptExpiry({created_at: '2024-01-01T08:00:00Z', expires_at: '2026-12-01'}, NOW)).toMatchObject({
      input: {expires_at: date(NOW + 364 * DAY)},
      because: "the longest lifetime the platform surely takes, 364 days (its maximum of 365 days counts from its own day); the old token's was 1065 days",
    })
    expect(keptExpiry({created_at: '2024-01-01T08:00:00Z', expires_at: null}, NOW)).toMatchObject({input: {expires_at: date(NOW + 364 * DAY)}})
  })

  it.each([
    [{created_at: 'yesterday', expires_at: '2026-12-01'}],
    [{created_at: '2026-11-01T00:00:00Z', expires_at: 'soon'}],
    [{created_at: '2026-11-01T00:00:00Z'}],
    [{expires_at: '2026-12-01'}],
    [{created_at: '2026-11-01T00:00:00Z', expires_at: '2026-10-01'}],
    [{created_at: 17, expires_at: ['2026-12-01']} as never],
    // what Date.parse alone reads as dates: "1" as 2001, a month name, 30 February as 2 March
    [{created_at: '1', expires_at: '2'}],
    [{created_at: 'Dec 2025', expires_at: '2026-12-01'}],
    [{created_at: '2026-01-01T00:00:00Z', expires_at: '2026-02-30'}],
    [{created_at: '2026-01-01T10:00:00', expires_at: '2026-12-01'}],
  ])('leaves the choice to the server for %j, sending no expires_at', old => {
    const expiry = keptExpiry(old, NOW)
    expect(expiry.input).toEqual({})
    expect(expiry.serverChooses).toBe(true)
    expect(expiry.because).toMatch(/^the old token's record gives no lifetime \(created_at .*, expires_at .*\)$/)
  })

  it('any record: a date from tomorrow to 364 days from today, the lifetime itself when it fits', () => {
    fc.assert(
      fc.property(
        fc.integer({min: Date.parse('2000-01-01'), max: Date.parse('2100-01-01')}),
        fc.integer({min: 0, max: 5000}),
        fc.integer({min: 0, max: 10 * 365}),
        (created, lifetime, sinceCreation) => {
          const now = created + sinceCreation * DAY
          const old = {created_at: new Date(created).toISOString(), expires_at: date(Math.floor(created / DAY) * DAY + lifetime * DAY)}
          const sent = keptExpiry(old, now).input.expires_at!
          const days = (Date.parse(`${sent}T00:00:00Z`) - Math.floor(now / DAY) * DAY) / DAY
          expect(days).toBe(Math.min(SENT_MAX_LIFETIME_DAYS, Math.max(1, lifetime)))
        },
      ),
    )
  })
})

describe('rotatedExpiryNote', () => {
  const kept = {input: {expires_at: '2027-02-24'}, because: "the old token's lifetime of 90 days"}
  const answer = (fields: object) => fields as PersonalAccessToken

  it('says the new expiry and why; a warning when the server set another, or none', () => {
    expect(rotatedExpiryNote(kept, answer({expires_at: '2027-02-24'}))).toMatchObject({kind: 'info', text: "The new token expires on 2027-02-24: the old token's lifetime of 90 days."})
    // the same day written as a date-time is the same expiry
    expect(rotatedExpiryNote(kept, answer({expires_at: '2027-02-24T00:00:00.000Z'})).kind).toBe('info')
    expect(rotatedExpiryNote(kept, answer({expires_at: '2026-12-03'}))).toMatchObject({
      kind: 'warning',
      text: "Warning: the server set the new token's expiry to 2026-12-03, not 2027-02-24 (the old token's lifetime of 90 days).",
    })
    expect(rotatedExpiryNote(kept, [answer({expires_at: 'x'}), answer({expires_at: 'y'})])).toMatchObject({
      kind: 'warning',
      text: "Warning: the server's answer shows no expiry for the new token (forgectl asked for 2027-02-24: the old token's lifetime of 90 days).",
    })
    expect(rotatedExpiryNote(kept, null as unknown as PersonalAccessToken).kind).toBe('warning')
  })
})

// Issue 36: one row of `tokens audit` said `in 2 days` under expires_at and `expires in 3 days` under
// reasons. A date-only expiry is counted in calendar days (UTC) by both, through calendarDaysUntil.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {auditTokens} from '../../src/api/token-audit.js'
import {calendarDaysUntil} from '../../src/core/input/period.js'
import {relativeTime} from '../../src/core/output/format.js'

const DAY_MS = 86_400_000

describe('an expiry date: one day count in the table and in the reasons', () => {
  it('for any moment of any day and any expiry within 29 days, the cell and the reason say the same number', () => {
    fc.assert(
      fc.property(fc.integer({min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1)}), fc.integer({min: 1, max: 29}), (now, ahead) => {
        const expires = new Date(Math.floor(now / DAY_MS) * DAY_MS + ahead * DAY_MS).toISOString().slice(0, 10)
        const token = {id: 1, name: 't', user_id: 2, scopes: ['api'], created_at: '2019-01-01T00:00:00Z', expires_at: expires, last_used_at: null, active: true, revoked: false}
        const [found] = auditTokens([token], new Map(), {now: new Date(now), expiresWithinMs: 30 * DAY_MS})
        expect(found?.reasons).toEqual([`expires ${relativeTime(expires, now)}`])
        expect(calendarDaysUntil(expires, now)).toBe(ahead)
      }),
    )
  })

  it('today and yesterday by the calendar, whatever the hour', () => {
    expect(relativeTime('2026-11-28', Date.parse('2026-11-28T23:59:00Z'))).toBe('today')
    expect(relativeTime('2026-11-29', Date.parse('2026-11-28T23:59:00Z'))).toBe('in 1 day')
    expect(relativeTime('2026-11-27', Date.parse('2026-11-28T00:01:00Z'))).toBe('yesterday')
    expect(relativeTime('2026-10-28', Date.parse('2026-11-28T00:01:00Z'))).toBe('1 month ago')
  })
})

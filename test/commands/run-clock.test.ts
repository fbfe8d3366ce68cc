// The run's clock is part of the IO a run is handed (src/core/base/io.ts, issue 38): what a command
// counts from today (`tokens audit`'s "expires in N days") counts from the time a test hands in, not
// from the test process's clock, so a date-bound outcome is tested on the day it concerns.
import {describe, expect, it} from 'vitest'
import type {AuditedToken} from '../../src/api/token-audit.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const DAY = 86_400_000

describe('a run handed a clock', () => {
  it('tokens audit counts the days left from the run’s today', async () => {
    // the sandbox's seed makes dave's nightly-backup expire 3 days from the real today
    const today = await sb.run(['tokens', 'audit', '--json'], {as: 'admin'})
    const inTwoDays = await sb.run(['tokens', 'audit', '--json'], {as: 'admin', now: Date.now() + 2 * DAY})
    const reasons = (run: typeof today) => run.json<AuditedToken[]>().find(token => token.name === 'nightly-backup')?.reasons
    expect(reasons(today)).toEqual(['expires in 3 days'])
    expect(reasons(inTwoDays)).toEqual(['expires in 1 day'])
  })
})

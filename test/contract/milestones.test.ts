// Contract: milestone lists as the platform answers them (issue 34).
// Sources (gitlabhq/gitlabhq): lib/api/milestone_responses.rb.
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

describe('milestone lists (lib/api/milestone_responses.rb, list_params)', () => {
  it('take state active, closed or all; all is the default; anything else is a 400', async () => {
    const titles = async (query: string) => (await sb.api<Array<{title: string}>>('GET', `/groups/acme/milestones${query}`)).body.map(m => m.title).sort()
    expect(await titles('?state=all')).toEqual(await titles(''))
    expect(await titles('?state=all')).toEqual([...(await titles('?state=active')), ...(await titles('?state=closed'))].sort())
    expect((await sb.api('GET', '/groups/acme/milestones?state=opened')).status).toBe(400)
  })
})

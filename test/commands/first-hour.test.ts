// Issue 36, item 4: a newcomer's first hour, each thing seen fixed as its class. Each describe names
// the class; the tests run forgectl against the sandbox over HTTP.
import {describe, expect, it} from 'vitest'
import {NOT_ALLOWED_HINT} from '../../src/core/command/errors.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

describe('every refusal of permission: exit 5 and the same words', () => {
  it("a 403, and the 401 the platform sends for another user's tokens, end alike; an invalid token stays exit 4", async () => {
    // the platform's 401 of restrict_non_admins! (lib/api/helpers/personal_access_tokens_helpers.rb)
    const audit = await sb.run(['tokens', 'audit', '--user', 'dave'])
    const list = await sb.run(['tokens', 'list', '--user', '5'])
    // a plain 403: a reporter may not delete a label
    const forbidden = await sb.run(['labels', 'delete', 'bug', '-p', 'acme/website', '--yes'], {as: 'reporter'})
    for (const result of [audit, list, forbidden]) {
      expect(result.code, result.stderr).toBe(5)
      expect(result.stderr).toMatch(new RegExp(`^Error: [^\\n]+\\n${NOT_ALLOWED_HINT}\\.\\n$`))
      expect(result.stdout).toBe('')
    }
    expect(audit.stderr).toMatch(/^Error: only administrators can audit another user's tokens \(the server answered 401 to --user \d+\)\n/)
    const invalid = await sb.run(['tokens', 'audit', '--user', 'dave'], {env: {FORGECTL_TOKEN: 'glpat-not-a-token'}})
    expect(invalid.code).toBe(4)
    expect(invalid.stderr).not.toContain(NOT_ALLOWED_HINT)
  })
})

// A word typed is repeated cut, whichever message repeats it (issue 35, item 6b): a 100 KB value of
// --columns, --sort, -p, -g or an argument made 100 KB of stderr, because each message quoted it whole
// (a field name, a request's path). Every error and note line now passes one function (messageText,
// src/core/base/escape.ts) that cuts each word; here a 100 KB word goes into each place a user types one.
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const BLOB = 'x'.repeat(100_000)

describe('a 100 KB word', () => {
  it.each([
    [['labels', 'list', '-p', 'acme/website', '--columns', BLOB]],
    [['labels', 'list', '-p', 'acme/website', '--sort', BLOB]],
    [['labels', 'list', '-p', 'acme/website', '--columns', `name,${BLOB}.x`]],
    [['labels', 'list', '-p', BLOB]],
    [['labels', 'list', '-g', BLOB]],
    [['labels', 'get', BLOB, '-p', 'acme/website']],
    [['labels', 'list', '-p', 'acme/website', '-o', BLOB]],
    [['labels', 'create', '--from-file', BLOB, '-p', 'acme/website']],
    [['plan', '-f', BLOB]],
    [[BLOB, 'list']],
  ])('is repeated cut: %#', async args => {
    const result = await sb.run(args, {as: 'admin'})
    expect(result.code).not.toBe(0)
    expect(result.stderr.length, result.stderr.slice(0, 300)).toBeLessThan(2000)
    expect(result.stderr).toMatch(/…/)
  })
})

// Issue 36: a note never glues its full stop to what a person copies out of it. The sandbox's hint
// `export FORGECTL_HOST=… FORGECTL_TOKEN=sandbox-admin-token.`, pasted as is, sent the token with its
// stop, and every command got a 401. The rule is in notes.ts's `sentence`, which every note passes.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {done, info, saved, unchanged, warning} from '../../src/core/base/notes.js'

/** what people copy out of a line: URLs, assignments, paths, flags, tokens */
const pasteable = fc.oneof(
  fc.webUrl(),
  fc.tuple(fc.constantFrom('FORGECTL_TOKEN', 'FORGECTL_HOST', 'X'), fc.stringMatching(/^[a-z0-9-]{1,20}$/)).map(([name, value]) => `${name}=${value}`),
  fc.stringMatching(/^\/[a-z]{1,8}(\/[a-z]{1,8}){0,3}(\.[a-z]{1,4})?$/),
  fc.stringMatching(/^--[a-z]{1,10}(-[a-z]{1,8})?$/),
  fc.stringMatching(/^glpat-[A-Za-z0-9]{0,10}[0-9][A-Za-z0-9]{0,10}$/),
  fc.stringMatching(/^[a-z]{1,8}\.[a-z]{2,4}$/),
)

describe('notes end without a stop glued to something a person copies', () => {
  it('every kind of note, ending with a URL, an assignment, a path, a flag, a token or a file name, ends with it exactly', () => {
    fc.assert(
      fc.property(pasteable, word => {
        for (const note of [info(`  export ${word}`), warning(`use ${word}`), unchanged(`already at ${word}`), done('Sent', 'it', `to ${word}`), saved(10, word)])
          expect(note.text.endsWith(` ${word}`), note.text).toBe(true)
      }),
    )
  })

  it('a sentence of words still ends with a full stop, and a command in backticks keeps its stop after the backtick', () => {
    expect(info('Sandbox stopped (SIGTERM)').text).toBe('Sandbox stopped (SIGTERM).')
    expect(warning('the server ignores --iids together with --include-ancestors for read-only lists').text).toMatch(/lists\.$/)
    expect(info('wait for it with `forgectl vuln-export wait 3`').text).toBe('wait for it with `forgectl vuln-export wait 3`.')
    expect(done('Deleted', 'label "bug" of project 20').text).toBe('Deleted label "bug" of project 20.')
    expect(done('Created', 'instance CI/CD variable "VOICE_KEY"').text).toBe('Created instance CI/CD variable "VOICE_KEY".')
  })
})

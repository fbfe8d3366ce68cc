// scrubText (redact.ts), the one scrubber of free text: a secret leaves no trace in any form a server
// echoes it in, whatever text surrounds it, and a URL's credentials leave none either.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {hideUrlCredentials, REDACTED, scrubText} from '../../src/core/base/redact.js'

const forms = (s: string): string[] => [
  s,
  JSON.stringify(s).slice(1, -1),
  encodeURIComponent(s),
  encodeURIComponent(s).replaceAll('%20', '+'),
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;'),
  Buffer.from(s).toString('base64'),
]

describe('scrubText', () => {
  it('takes out every echoed form of a secret, anywhere in a text', () => {
    const secret = fc.string({unit: fc.constantFrom(...'aZ9 "\\/&<>\'@%+=\n\té'), minLength: 8, maxLength: 20}).filter(s => !REDACTED.includes(s))
    fc.assert(
      fc.property(secret, fc.string(), fc.string(), fc.nat(5), (s, before, after, which) => {
        const form = forms(s)[which]!
        const out = scrubText(`${before}${form}${after}`, [s])
        expect(out).not.toContain(form)
        expect(out).toContain(REDACTED)
      }),
    )
  })

  it("hides a URL's credentials inside a text, and leaves the platform's own mask and a bare address", () => {
    expect(hideUrlCredentials("unable to access 'https://bot:pw@h.example/a.git/': no")).toBe(`unable to access 'https://${REDACTED}@h.example/a.git/': no`)
    expect(hideUrlCredentials('see https://*****:*****@h.example/a.git')).toBe('see https://*****:*****@h.example/a.git')
    expect(hideUrlCredentials('mail bot@h.example, https://h.example/@user')).toBe('mail bot@h.example, https://h.example/@user')
  })

  it('takes time in proportion to the text: a hostile error of 200,000 scheme-like characters and an @', () => {
    for (const unit of ['a.', 'a-', 'a ', 'a://b']) {
      const text = `@${unit.repeat(200_000 / unit.length)}`
      expect(scrubText(text, ['s3cret-value'])).toBe(text)
    }
  })
})

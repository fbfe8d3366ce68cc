// The URL parser takes forms that are not `scheme://…` as written: `https:/bot:pw@host/`, `https:bot:pw@host/`,
// `https:\\bot:pw@host/`, a leading space. Every cut of a URL's credentials (URL_USERINFO, redact.ts)
// reads `scheme://` at the start, so such a URL named a mirror with its password in the plan. A URL
// input takes the text only in the form its rule names: refused in one line, without the URL, nothing sent.
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'
import {stateFiles} from '../helpers/state-files.js'

const sb = useSandbox()
const {stateFile} = stateFiles('url-forms')
const PASSWORD = 'Pw0rd99xQ'
const FORMS = [
  `https:/bot:${PASSWORD}@m.example.com/r.git`,
  `https:bot:${PASSWORD}@m.example.com/r.git`,
  `https:\\\\bot:${PASSWORD}@m.example.com/r.git`,
  ` https://bot:${PASSWORD}@m.example.com/r.git`,
]

// a backslash is a `/` to the parser (host h.example.com), but text to every pattern: the plan named the hook
// `https://***@x.example.com/…`, another host than the one it sends to; a space or a control character the
// parser drops or encodes, and the patterns stop at
const SPOOFS = ['https://h.example.com\\evil@x.example.com/in', 'https://bot:p w@h.example.com/in', 'https://h.example.com/a\tb']

describe('a URL the parser reads otherwise than its text', () => {
  it.each(SPOOFS)('%j is refused by a state file and by webhooks create, before any request', async form => {
    const file = stateFile(`projects:\n  acme/website:\n    hooks:\n      - {url: ${JSON.stringify(form)}}\n`)
    for (const args of [
      ['plan', '-f', file],
      ['webhooks', 'create', '-p', 'acme/website', '--url', form],
    ]) {
      const {result, requests} = await sb.runCounted(args, {as: 'owner'})
      expect(result.code, result.stdout + result.stderr).toBe(2)
      expect(result.stdout).not.toContain('x.example.com')
      expect(requests).toBe(0)
    }
  })
})

describe('a URL not written as scheme://', () => {
  it.each(FORMS)('%j is refused by a state file (remote_mirrors, hooks) before any request, without the password', async form => {
    for (const section of ['remote_mirrors', 'hooks']) {
      const file = stateFile(`projects:\n  acme/website:\n    ${section}:\n      - {url: ${JSON.stringify(form)}}\n`)
      const {result, requests} = await sb.runCounted(['plan', '-f', file], {as: 'owner'})
      expect(result.code, result.stdout + result.stderr).toBe(2)
      expect(result.stderr).toContain('must be')
      expect(result.stdout + result.stderr).not.toContain(PASSWORD)
      expect(requests).toBe(0)
    }
  })

  it.each(FORMS)('%j is refused by mirrors create and webhooks create, without the password', async form => {
    for (const args of [
      ['mirrors', 'create', '-p', 'acme/website', '--url', form],
      ['webhooks', 'create', '-p', 'acme/website', '--url', form],
    ]) {
      const {result, requests} = await sb.runCounted(args, {as: 'owner'})
      expect(result.code, result.stdout + result.stderr).toBe(2)
      expect(result.stdout + result.stderr).not.toContain(PASSWORD)
      expect(requests).toBe(0)
    }
  })
})

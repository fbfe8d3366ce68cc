// What counts as the API's answer, how an HTML page is summarised, and which redirects are followed.
import {describe, expect, it} from 'vitest'
import {checkAnswer, type Expectation, isJsonType, isUserRecord} from '../../src/core/answer/answer.js'
import {serverMessage} from '../../src/core/base/errors.js'
import {htmlSummary, looksLikeHtml} from '../../src/core/base/html-summary.js'
import {followRedirects, type Hop, redactLocation} from '../../src/core/http/redirect.js'

const context = {host: 'https://forge.example.com', method: 'GET', path: '/api/v4/projects/1/labels'} as const
const JSON_TYPE = 'application/json; charset=utf-8'

describe('checkAnswer', () => {
  const cases: Array<[string, Expectation, string | null, string, 'ok' | RegExp]> = [
    ['a record', 'record', JSON_TYPE, '{"id": 1}', 'ok'],
    ['a record as an array of one (spec quirk)', 'record', JSON_TYPE, '[{"id": 1}]', 'ok'],
    ['an array of two where a record is due', 'record', JSON_TYPE, '[{"id": 1}, {"id": 2}]', /with a JSON array of 2, where GET \/api\/v4\/projects\/1\/labels returns a record$/],
    ['a JSON string where a record is due', 'record', JSON_TYPE, '"ok"', /with a JSON string, where/],
    ['null where a record is due', 'record', JSON_TYPE, 'null', /with JSON null, where/],
    ['a list', 'list', JSON_TYPE, '[]', 'ok'],
    ['an object where a list is due', 'list', JSON_TYPE, '{"id": 1}', /200 with a JSON object, where GET \/api\/v4\/projects\/1\/labels returns a list$/],
    ['a +json type', 'record', 'application/vnd.api+json', '{"id": 1}', 'ok'],
    ['no content type, but JSON', 'record', null, '{"id": 1}', 'ok'],
    ['no content type and not JSON', 'record', null, 'hello', /without a content type and not JSON .*--host/],
    ['an HTML page', 'record', 'text/html; charset=utf-8', '<html></html>', /^unexpected answer from https:\/\/forge\.example\.com: 200 text\/html, not the API's JSON \(GET .*\); is --host/],
    ['text', 'list', 'text/plain', 'OK', /200 text\/plain, not the API's JSON/],
    ['an HTML page labelled as JSON', 'none', 'application/json', '<!DOCTYPE html><html><title>x</title></html>', /application\/json, a web page rather than the API's JSON/],
    ['an empty body where a record is due', 'record', JSON_TYPE, '', /200 with an empty body, where GET .* returns a record$/],
    ['an empty body where a list is due', 'list', null, '', /returns a list$/],
    ['an empty body where nothing is due', 'none', null, '', 'ok'],
    ['an empty body from the raw command', 'json', null, '', 'ok'],
    ['any JSON from the raw command', 'json', JSON_TYPE, '42', 'ok'],
    ['text from the raw command', 'json', 'text/plain', 'OK', /not the API's JSON/],
    ['text where nothing is due (a DELETE)', 'none', 'text/html', '<h1>Welcome</h1>', /200 text\/html, not the API's JSON/],
    ['broken JSON where nothing is due: only the status counts', 'none', JSON_TYPE, '{"mess', 'ok'],
    ['a CSV download', 'file', 'text/csv', '', 'ok'],
    ['a web page instead of a download', 'file', 'text/html', '', /text\/html, a web page instead of the file/],
  ]
  it.each(cases)('%s', (_name, expect_, contentType, text, outcome) => {
    const checked = checkAnswer({status: 200, contentType, text}, expect_, context)
    if (outcome === 'ok') {
      expect(checked.ok).toBe(true)
    } else {
      expect(checked.ok).toBe(false)
      if (!checked.ok) expect(checked.error.message).toMatch(outcome)
    }
  })

  it('broken JSON may be asked for again; a page or a wrong shape may not', () => {
    const broken = checkAnswer({status: 200, contentType: 'application/json', text: '{"id": 1, "na'}, 'record', context)
    expect(broken).toMatchObject({ok: false, retry: true})
    if (!broken.ok) expect(broken.error.message).toContain('the server sent malformed JSON')
    expect(checkAnswer({status: 200, contentType: 'text/html', text: '<html>'}, 'record', context)).toMatchObject({ok: false, retry: false})
    expect(checkAnswer({status: 200, contentType: JSON_TYPE, text: '{}'}, 'list', context)).toMatchObject({ok: false, retry: false})
  })

  it('accepts the empty body of a 304 (an accepted status) even where a record is due', () => {
    expect(checkAnswer({status: 304, contentType: null, text: ''}, 'record', context)).toEqual({ok: true, data: undefined})
  })

  it('exits 1', () => {
    const checked = checkAnswer({status: 200, contentType: 'text/html', text: '<html>'}, 'record', context)
    expect(checked.ok ? 0 : checked.error.exitCode).toBe(1)
  })
})

describe('isJsonType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON', true],
    ['application/problem+json', true],
    ['text/html', false],
    ['text/json-ish', false],
    [null, false],
    ['', false],
  ] as const)('%s → %s', (type, json) => expect(isJsonType(type)).toBe(json))
})

describe('isUserRecord', () => {
  it.each([
    [{id: 1, username: 'bob'}, true],
    [{id: '1', username: 'bob'}, false],
    [{id: 1}, false],
    [{id: 1, username: ''}, false],
    [[{id: 1, username: 'bob'}], false],
    ['<html>', false],
    [null, false],
  ] as const)('%j → %s', (data, user) => expect(isUserRecord(data)).toBe(user))
})

describe('htmlSummary', () => {
  const long = Array.from({length: 50}, (_, i) => `word${i}`).join(' ')
  it.each([
    ['the title', '<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>', '502 Bad Gateway'],
    ['a title over lines, entities decoded', '<title>\n  Service &amp; API\n  unavailable &#8212; retry</title>', 'Service & API unavailable — retry'],
    ['the first words when there is no title', '<html><body><h1>Not Found</h1><p>The requested URL was not found.</p></body></html>', 'Not Found The requested URL was not found.'],
    ['scripts, styles and comments are no words', '<body><!-- x --><style>a{b:c}</style><script>var a = 1</script><p>Hello</p></body>', 'Hello'],
    ['an empty title falls back to the text', '<title> </title><body>Hi there</body>', 'Hi there'],
    ['cut at a word, about 120 characters', `<body><p>${long}</p></body>`, expect.stringMatching(/^word0 word1 .* word\d+\.\.\.$/)],
  ])('%s', (_name, html, summary) => {
    expect(htmlSummary(html)).toEqual(summary)
    expect(htmlSummary(html).length).toBeLessThanOrEqual(120)
  })

  it('tells markup from a message', () => {
    expect(looksLikeHtml('<!DOCTYPE html>\n<html>')).toBe(true)
    expect(looksLikeHtml('  <html lang="en">')).toBe(true)
    expect(looksLikeHtml('<center><title>x</title></center>')).toBe(true)
    expect(looksLikeHtml('404 Label Not Found')).toBe(false)
    expect(looksLikeHtml('value must be < 10 and > 2')).toBe(false)
  })

  it('serverMessage names a page as a page', () => {
    expect(serverMessage('<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>')).toBe('HTML page "404 Not Found"')
    expect(serverMessage('404 Label Not Found')).toBe('Label Not Found')
  })

  it("serverMessage writes a model's own errors (base) as its sentences, without the word base, as Rails' full messages do", () => {
    expect(serverMessage({message: {base: ['Duplicate page: A page with that title already exists']}})).toBe('Duplicate page: A page with that title already exists')
    expect(serverMessage({message: {base: ['First', 'Second'], name: ['is taken']}})).toBe('First; Second; name is taken')
    // a nested model's base stays named: it says which part refused
    expect(serverMessage({message: {platform_kubernetes: {base: ['Cannot modify managed Kubernetes cluster']}}})).toBe('platform_kubernetes.base Cannot modify managed Kubernetes cluster')
  })

  it('serverMessage reads the protection rules\' {"message": {"error": [...]}} as its messages (app/services/packages/protection/create_rule_service.rb)', () => {
    expect(serverMessage({message: {error: ['Package name pattern has already been taken', 'A rule must have at least a minimum access role for push or delete.']}})).toBe(
      'Package name pattern has already been taken; A rule must have at least a minimum access role for push or delete.',
    )
    expect(serverMessage({message: {error: 'Unauthorized to update a package protection rule'}})).toBe('Unauthorized to update a package protection rule')
    // a field that happens to be called error beside others is still a field
    expect(serverMessage({message: {error: ['is odd'], name: ['is taken']}})).toBe('error is odd; name is taken')
  })

  it("serverMessage reads object storage's XML error: its code and message", () => {
    const s3 = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message><Expires>2026-11-24T10:00:00Z</Expires></Error>'
    expect(serverMessage(s3)).toBe('AccessDenied: Request has expired')
    expect(serverMessage('<Error><Code>SignatureDoesNotMatch</Code><Message>The signature &amp; the key don&apos;t match</Message></Error>')).toBe(
      "SignatureDoesNotMatch: The signature & the key don't match",
    )
    expect(serverMessage('<Error><Code>NoSuchKey</Code></Error>')).toBe('NoSuchKey')
    // other XML stays as sent, on one line
    expect(serverMessage('<?xml version="1.0"?>\n<note>hi</note>')).toBe('<?xml version="1.0"?> <note>hi</note>')
  })
})

describe('redirects', () => {
  /** a server in a function: each URL answers a status and maybe a Location */
  const site = (routes: Record<string, [number, string?]>) => {
    const seen: string[] = []
    /** whether each request carried the token */
    const tokens: boolean[] = []
    const send = async (url: string, withToken: boolean): Promise<Hop> => {
      seen.push(url)
      tokens.push(withToken)
      const [status, location] = routes[url] ?? [200]
      return {status, headers: new Headers(location ? {location} : {})}
    }
    return {seen, tokens, send}
  }

  it('follows a relative same-origin redirect of a GET', async () => {
    const {seen, send} = site({'https://a.example/api/v4/x': [301, '/api/v4/y']})
    expect((await followRedirects('https://a.example/api/v4/x', 'GET', send)).status).toBe(200)
    expect(seen).toEqual(['https://a.example/api/v4/x', 'https://a.example/api/v4/y'])
  })

  it('stops after five hops', async () => {
    const routes = Object.fromEntries(Array.from({length: 10}, (_, i) => [`https://a.example/${i}`, [302, `/${i + 1}`] as [number, string]]))
    const {seen, send} = site(routes)
    await expect(followRedirects('https://a.example/0', 'GET', send)).rejects.toThrow('GET https://a.example/0: more than 5 redirects, the last to https://a.example/6')
    expect(seen).toHaveLength(6)
  })

  it.each([
    ['another host', 'https://b.example/api/v4/x'],
    ['another port', 'https://a.example:8443/api/v4/x'],
    ['https to http', 'http://a.example/api/v4/x'],
  ])('refuses %s', async (_name, location) => {
    const {seen, send} = site({'https://a.example/api/v4/x': [302, location]})
    await expect(followRedirects('https://a.example/api/v4/x', 'GET', send)).rejects.toThrow(
      /another origin: not followed, so the token stays with https:\/\/a\.example; if that is the server, use --host/,
    )
    expect(seen).toHaveLength(1)
  })

  it('follows a file to another origin only when asked, without the token there, and names the flag otherwise', async () => {
    const routes = {
      'https://a.example/api/v4/export/download': [302, 'https://storage.example/bucket/f?X-Amz-Signature=abc'],
      'https://storage.example/bucket/f?X-Amz-Signature=abc': [307, 'https://a.example/api/v4/export/again'],
    } satisfies Record<string, [number, string]>
    const followed = site(routes)
    expect((await followRedirects('https://a.example/api/v4/export/download', 'GET', followed.send, undefined, 'follow')).status).toBe(200)
    expect(followed.seen).toEqual([...Object.keys(routes), 'https://a.example/api/v4/export/again'])
    // the token goes to the API's origin only, also when a hop comes back to it
    expect(followed.tokens).toEqual([true, false, true])

    const refused = site(routes)
    await expect(followRedirects('https://a.example/api/v4/export/download', 'GET', refused.send, undefined, 'suggest')).rejects.toThrow(
      'GET https://a.example/api/v4/export/download was redirected (302) to https://storage.example/bucket/f?X-Amz-Signature=[REDACTED], another origin: not followed, so the token stays with https://a.example; if the file is kept there (object storage), --follow-redirects (or `forgectl config set follow-redirects true`) fetches it from there without the token',
    )
    expect(refused.seen).toHaveLength(1)
  })

  it('follows a file from https to http nowhere, and a write to another origin never', async () => {
    const down = site({'https://a.example/f': [302, 'http://storage.example/f']})
    await expect(followRedirects('https://a.example/f', 'GET', down.send, undefined, 'follow')).rejects.toThrow(
      'GET https://a.example/f was redirected (302) to http://storage.example/f: from https to http, not followed',
    )
    const write = site({'https://a.example/f': [307, 'https://storage.example/f']})
    await expect(followRedirects('https://a.example/f', 'PUT', write.send, undefined, 'follow')).rejects.toThrow('another origin: not followed')
    expect([down.seen, write.seen]).toEqual([['https://a.example/f'], ['https://a.example/f']])
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('does not send a %s again, even to the same origin', async method => {
    const {seen, send} = site({'https://a.example/x': [308, '/y']})
    await expect(followRedirects('https://a.example/x', method, send)).rejects.toThrow(`a ${method} is not sent again on a redirect`)
    expect(seen).toHaveLength(1)
  })

  it('hands back a 3xx without a Location, and a 304, as the answer', async () => {
    const {send} = site({'https://a.example/x': [302], 'https://a.example/y': [304, '/z']})
    expect((await followRedirects('https://a.example/x', 'GET', send)).status).toBe(302)
    expect((await followRedirects('https://a.example/y', 'GET', send)).status).toBe(304)
  })

  it('shows a Location without credentials or signed query values', () => {
    expect(redactLocation('https://user:pw@s3.example/bucket/f?X-Amz-Signature=abc&X-Amz-Credential=k&private_token=t&page=2')).toBe(
      'https://[REDACTED]@s3.example/bucket/f?X-Amz-Signature=[REDACTED]&X-Amz-Credential=[REDACTED]&private_token=[REDACTED]&page=2',
    )
  })
})

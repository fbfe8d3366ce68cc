// Connection failures in words: the error chains fetch and undici really produce (recorded on Node 20
// with `fetch()` against closed ports, .invalid names, plain-HTTP ports and self-signed certificates).
import {describe, expect, it} from 'vitest'
import {ApiError, CliError, UsageError} from '../../src/core/base/errors.js'
import {normalizeHost} from '../../src/core/config/connection.js'
import {describeNetworkFailure, noAnswerMessage} from '../../src/core/http/network-errors.js'
import {curlNoProxy, proxyFor, proxySettings} from '../../src/core/http/proxy.js'
import {retryNotice, shortReason} from '../../src/core/http/retry-notice.js'

/** `fetch failed` wrapping a system error, the way Node's fetch reports one */
function fetchFailed(cause: {message: string; code?: string; port?: number}): TypeError {
  const inner = Object.assign(new Error(cause.message), cause)
  return new TypeError('fetch failed', {cause: inner})
}

const OPENSSL = '80ACE8469E7F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n'

describe('describeNetworkFailure', () => {
  it.each([
    [
      'refused',
      {message: 'connect ECONNREFUSED 127.0.0.1:4000', code: 'ECONNREFUSED', port: 4000},
      'http://127.0.0.1:4000/api/v4/user',
      'refused',
      'connection refused by 127.0.0.1:4000 (is the server running, and on this port?)',
    ],
    [
      'name not found',
      {message: 'getaddrinfo ENOTFOUND forge.invalid', code: 'ENOTFOUND'},
      'https://forge.invalid/api/v4/user',
      'permanent',
      'host name "forge.invalid" not found (check the spelling of --host)',
    ],
    [
      'name server silent',
      {message: 'getaddrinfo EAI_AGAIN forge.example.com', code: 'EAI_AGAIN'},
      'https://forge.example.com/api/v4/user',
      'refused',
      'could not look up "forge.example.com": the name server did not answer (check the network)',
    ],
    [
      'TLS to a plain-HTTP port (Node fetch)',
      {message: OPENSSL, code: 'ERR_SSL_WRONG_VERSION_NUMBER'},
      'https://127.0.0.1:8080/api/v4/user',
      'permanent',
      '127.0.0.1:8080 does not speak TLS; if it serves plain HTTP, use http://127.0.0.1:8080',
    ],
    [
      'TLS to a plain-HTTP port (EPROTO)',
      {message: OPENSSL, code: 'EPROTO'},
      'https://forge.example.com/api/v4/user',
      'permanent',
      'forge.example.com:443 does not speak TLS; if it serves plain HTTP, use http://forge.example.com',
    ],
    [
      'self-signed',
      {message: 'self-signed certificate', code: 'DEPTH_ZERO_SELF_SIGNED_CERT'},
      'https://forge.example.com/api/v4/user',
      'permanent',
      'the server certificate is not trusted (self-signed or from an unknown authority): pass --ca-file with the CA certificate (PEM), or --insecure to skip the check',
    ],
    [
      'unknown authority',
      {message: 'unable to get local issuer certificate', code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'},
      'https://forge.example.com/',
      'permanent',
      'the server certificate is not trusted (self-signed or from an unknown authority): pass --ca-file with the CA certificate (PEM), or --insecure to skip the check',
    ],
    [
      'bad port',
      {message: 'bad port'},
      'http://127.0.0.1:6000/api/v4/user',
      'permanent',
      "port 6000 is on fetch's list of blocked ports (as in browsers, for safety), so no request was sent: run the server on another port",
    ],
    ['cut', {message: 'other side closed', code: 'UND_ERR_SOCKET'}, 'http://127.0.0.1:4000/', 'network', 'the connection closed before the answer was complete'],
    [
      'closed before any answer, over http',
      {message: 'socket hang up', code: 'ECONNRESET'},
      'http://forge.example.com:8443/api/v4/user',
      'network',
      'forge.example.com:8443 closed the connection without answering (if it serves https on this port, use https://forge.example.com:8443)',
    ],
    ['closed before any answer, over https', {message: 'socket hang up', code: 'ECONNRESET'}, 'https://forge.example.com/', 'network', 'forge.example.com:443 closed the connection without answering'],
    [
      'another OpenSSL failure',
      {message: '80ACE8469E7F0000:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure', code: 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE'},
      'https://forge.example.com/',
      'permanent',
      'the TLS handshake with forge.example.com:443 failed',
    ],
    [
      'tunnel refused',
      {message: 'Proxy response (403) !== 200 when HTTP Tunneling', code: 'UND_ERR_ABORTED'},
      'https://forge.example.com/',
      'permanent',
      'the proxy would not open a tunnel to forge.example.com:443 (it answered 403)',
    ],
  ])('%s', (_name, cause, url, kind, reason) => {
    expect(describeNetworkFailure(fetchFailed(cause), url)).toEqual({kind, reason})
  })

  it('names the proxy when the proxy refused, not the server', () => {
    const error = fetchFailed({message: 'connect ECONNREFUSED 127.0.0.1:3128', code: 'ECONNREFUSED', port: 3128})
    expect(describeNetworkFailure(error, 'https://forge.example.com/', 'http://127.0.0.1:3128/').reason).toBe('the proxy 127.0.0.1:3128 refused the connection (check HTTPS_PROXY/HTTP_PROXY)')
  })

  it('never passes on a raw OpenSSL line, even for a code it does not know', () => {
    const {reason} = describeNetworkFailure(fetchFailed({message: OPENSSL.replace('wrong version number', 'something new')}), 'https://h.example/')
    expect(reason).toBe('the TLS handshake with h.example:443 failed')
  })
})

describe('give-up and retry lines', () => {
  it('says how long in all and how many attempts', () => {
    expect(noAnswerMessage(90_400, 4, 30_000)).toBe('no answer after 1m 30s in all (4 attempts, 30 s each); the server may be down or --timeout too short')
    expect(noAnswerMessage(30_010, 1, 30_000)).toBe('no answer after 30 s in all (1 attempt of 30 s); the server may be down or --timeout too short')
  })

  it('says so when the answer had begun and its body did not end in time', () => {
    expect(noAnswerMessage(4_100, 2, 2_000, true)).toBe('the answer was not complete after 4.1 s in all (2 attempts, 2 s each); the server may be stalled or --timeout too short')
  })

  it('announces a retry in one short line', () => {
    expect(retryNotice(2000, '503 Service Unavailable', 2, 4)).toBe('retrying in 2 s: 503 Service Unavailable (attempt 2 of 4)')
    expect(shortReason(new ApiError(503, 'Service Unavailable', 'GET', '/api/v4/x'))).toBe('503 Service Unavailable')
    expect(shortReason(new CliError('GET https://h/api/v4/x: the server sent malformed JSON (200)'))).toBe('the server sent malformed JSON (200)')
  })
})

describe('hosts without a scheme', () => {
  it.each([
    ['127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['localhost:3000', 'http://localhost:3000'],
    ['[::1]:8080', 'http://[::1]:8080'],
    ['localhost', 'http://localhost'],
    ['forge.example.com', 'https://forge.example.com'],
    ['10.0.0.5:8443', 'https://10.0.0.5:8443'],
    ['https://localhost:3000', 'https://localhost:3000'],
  ])('%s → %s', (raw, url) => {
    expect(normalizeHost(raw)).toBe(url)
  })

  it.each(['127.0.0.1:70000', 'forge.example.com:0', 'https://forge.example.com:99999/', 'localhost:http'])('%s: an invalid port, exit 2', raw => {
    expect(() => normalizeHost(raw)).toThrow(UsageError)
    expect(() => normalizeHost(raw)).toThrow(/^invalid port ".*" in host ".*": a port is a number from 1 to 65535$/)
  })
})

describe('proxy variables', () => {
  it('are read in either case, lower case first, with or without a scheme', () => {
    expect(proxySettings({})).toBeUndefined()
    expect(proxySettings({NO_PROXY: 'x'})).toBeUndefined()
    expect(proxySettings({HTTPS_PROXY: 'proxy.corp:3128', https_proxy: 'http://lower:1'})).toEqual({httpProxy: undefined, httpsProxy: 'http://lower:1/', noProxy: ''})
    expect(proxySettings({HTTP_PROXY: 'proxy.corp:3128', NO_PROXY: 'a.example'})).toEqual({httpProxy: 'http://proxy.corp:3128/', httpsProxy: undefined, noProxy: 'a.example,.a.example'})
    expect(() => proxySettings({HTTPS_PROXY: 'socks5://p:1080'})).toThrow(/HTTPS_PROXY must be an http:\/\/ or https:\/\/ proxy URL/)
  })

  it('pick the https proxy for https hosts, falling back to the http one as undici does', () => {
    expect(proxyFor('https://h/', {httpProxy: 'http://a/', noProxy: ''})).toBe('http://a/')
    expect(proxyFor('http://h/', {httpsProxy: 'http://b/', noProxy: ''})).toBeUndefined()
  })

  it('NO_PROXY: a bare name also covers its subdomains, as in curl and gh', () => {
    expect(curlNoProxy('example.com, .corp.example  localhost:8080,127.0.0.1,[::1]')).toBe('example.com,.example.com,.corp.example,localhost:8080,.localhost:8080,127.0.0.1,[::1]')
    expect(curlNoProxy('a.example,*')).toBe('*')
    expect(curlNoProxy('')).toBe('')
  })
})

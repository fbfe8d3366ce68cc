// Pure functions of the core: no server needed.
import {describe, expect, it} from 'vitest'
import {isLabelColor} from '../../src/api/label-color.js'
import {oneRecord} from '../../src/core/answer/one-record.js'
import {serverMessage} from '../../src/core/base/errors.js'
import {maskToken, redactUrl, redactValue} from '../../src/core/base/redact.js'
import {isLoopback, normalizeHost} from '../../src/core/config/connection.js'
import {apiPath, toSearchParams} from '../../src/core/http/request.js'
import {isRetryable, parseRetryAfter, retryWait} from '../../src/core/http/retry.js'
import {checkText, date, dateTime, declare} from '../../src/core/input/input.js'
import {nextPageQuery} from '../../src/core/lists/pagination.js'
import {cellText, csvRow, relativeTime, sortRecords} from '../../src/core/output/format.js'
import {fileNameFrom} from '../../src/core/transfer/server-file-name.js'

describe('request building', () => {
  it('encodes each interpolated path segment', () => {
    expect(apiPath`/projects/${'group/sub/project'}/labels/${'a b'}`).toBe('/projects/group%2Fsub%2Fproject/labels/a%20b')
  })

  it('writes arrays the platform way and drops absent values', () => {
    expect(toSearchParams({scopes: ['api', 'read_user'], active: true, skip: undefined, none: null}).toString()).toBe('scopes%5B%5D=api&scopes%5B%5D=read_user&active=true')
  })
})

describe('hosts', () => {
  it('normalises bare hosts to https and drops /api/v4', () => {
    expect(normalizeHost('forge.example.com')).toBe('https://forge.example.com')
    expect(normalizeHost('https://forge.example.com/api/v4/')).toBe('https://forge.example.com')
    expect(normalizeHost('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080')
  })

  it('knows loopback hosts', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '[::1]'].every(isLoopback)).toBe(true)
    expect(['10.0.0.1', 'forge.example.com', '128.0.0.1'].some(isLoopback)).toBe(false)
  })
})

describe('retries', () => {
  it('repeats idempotent requests on 429/502/503/504 and connection errors; POST only on 429 or a refused connection', () => {
    for (const status of [429, 502, 503, 504]) expect(isRetryable('GET', {kind: 'status', status})).toBe(true)
    expect(isRetryable('GET', {kind: 'status', status: 500})).toBe(false)
    expect(isRetryable('PUT', {kind: 'network'})).toBe(true)
    expect(isRetryable('POST', {kind: 'status', status: 429})).toBe(true)
    expect(isRetryable('POST', {kind: 'status', status: 503})).toBe(false)
    expect(isRetryable('POST', {kind: 'network'})).toBe(false)
    expect(isRetryable('POST', {kind: 'refused'})).toBe(true)
    expect(isRetryable('PATCH', {kind: 'status', status: 502})).toBe(false)
  })

  it('honours Retry-After in seconds or as a date, else backs off exponentially with jitter', () => {
    expect(parseRetryAfter('3')).toBe(3000)
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000)
    expect(retryWait(0, '2', 500)).toEqual({ms: 2000, told: true})
    expect(retryWait(0, null, 500, () => 0)).toEqual({ms: 250, told: false})
    expect(retryWait(3, null, 500, () => 1)).toEqual({ms: 4000, told: false})
    expect(retryWait(20, null, 500, () => 1)).toEqual({ms: 30_000, told: false})
  })
})

describe('pagination headers', () => {
  it('prefers X-Next-Page, else follows Link rel="next" with its query', () => {
    const here = 'https://h/api/v4/x?per_page=100'
    expect(nextPageQuery(new Headers({'x-next-page': '3'}), here)).toEqual({page: 3})
    expect(nextPageQuery(new Headers({'x-next-page': '', link: '<https://h/api/v4/x?id_after=42&per_page=100&iids[]=1>; rel="next", <https://h/x>; rel="first"'}), here)).toEqual({
      id_after: '42',
      per_page: '100',
      iids: ['1'],
    })
    expect(nextPageQuery(new Headers({'x-next-page': ''}), here)).toBeUndefined()
  })
})

describe('output formatting', () => {
  it('quotes CSV fields holding commas, quotes and line breaks', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'x\ny'])).toBe('a,"b,c","say ""hi""","x\ny"')
  })

  it('renders cells: arrays joined, objects as JSON, dates relative on request', () => {
    expect(cellText(['api', 'read_user'])).toBe('api, read_user')
    expect(cellText({url: 'x'})).toBe('{"url":"x"}')
    const now = Date.parse('2026-11-22T12:00:00Z')
    expect(cellText('2026-11-22T09:00:00Z', {relativeDates: true, now})).toBe('3 hours ago')
    // a date counts calendar days (period.ts): from noon on the 22nd, the 28th is 6 days away
    expect(relativeTime('2026-11-28', now)).toBe('in 6 days')
    expect(relativeTime('2025-11-22T12:00:00Z', now)).toBe('1 year ago')
    // under half a second ago rounds to -0 seconds: still the past
    expect(relativeTime('2026-11-22T11:59:59.700Z', now)).toBe('just now')
    expect(relativeTime('2026-11-22T12:00:20Z', now)).toBe('in a moment')
  })

  it('sorts by a field, descending with a leading -', () => {
    const rows = [
      {n: 2, s: 'b'},
      {n: 10, s: 'a'},
      {n: 1, s: 'c'},
    ]
    expect(sortRecords(rows, 'n').map(r => r.n)).toEqual([1, 2, 10])
    expect(sortRecords(rows, '-s').map(r => r.s)).toEqual(['c', 'b', 'a'])
  })
})

describe('secrets', () => {
  it('redacts secret fields and URL credentials, deeply', () => {
    expect(redactValue({name: 'x', token: 'abc', platform_orchestrator_attributes: {token: 't'}, url: 'https://u:p@h/r', password: ''})).toEqual({
      name: 'x',
      token: '[REDACTED]',
      platform_orchestrator_attributes: {token: '[REDACTED]'},
      url: 'https://[REDACTED]@h/r',
      password: '',
    })
    expect(redactUrl('https://h/api/v4/x?private_token=abc&a=1')).toBe('https://h/api/v4/x?private_token=[REDACTED]&a=1')
    expect(maskToken('glpat-1234567890abcd')).toBe('****abcd')
  })

  it('reads the server message from every error shape the platform uses', () => {
    expect(serverMessage({message: '404 Label Not Found'})).toBe('Label Not Found')
    expect(serverMessage({error: 'name is missing'})).toBe('name is missing')
    expect(serverMessage({message: {title: ['has already been taken'], color: ['is invalid']}})).toBe('title has already been taken; color is invalid')
    expect(serverMessage('plain\ntext')).toBe('plain text')
  })
})

describe('validation', () => {
  it('accepts real dates and ISO date-times only', () => {
    const inputs = declare({expires_at: date({description: 'expiry'}), at: dateTime({description: 'when'})})
    expect(checkText(inputs.expires_at, '2026-02-28')).toBe('2026-02-28')
    expect(() => checkText(inputs.expires_at, '2026-02-30')).toThrow('--expires-at "2026-02-30": there is no such day: February 2026 has 28 days')
    expect(() => checkText(inputs.expires_at, '28/02/2026')).toThrow('must be a date')
    expect(checkText(inputs.at, '2026-02-28T10:00:00Z')).toBe('2026-02-28T10:00:00Z')
    expect(checkText(inputs.at, '2026-02-28T10:00:00.123+02:00')).toBe('2026-02-28T10:00:00.123+02:00')
    expect(() => checkText(inputs.at, 'tomorrow')).toThrow('ISO 8601')
  })

  it('knows label colours', () => {
    // 3-digit hex too: the spec says 6 digits, the platform takes both
    expect(['#d9534f', '#ABCDEF', '#abc', '#FFF', 'orange', 'RebeccaPurple'].every(isLabelColor)).toBe(true)
    expect(['#abcd', 'abc', 'd9534f', 'notacolor', '#gggggg', '#ggg'].some(isLabelColor)).toBe(false)
  })

  it('takes a file name from Content-Disposition', () => {
    expect(fileNameFrom('attachment; filename="labels.ndjson.gz"')).toBe('labels.ndjson.gz')
    expect(fileNameFrom("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv")).toBe('résumé.csv')
    expect(fileNameFrom('attachment; filename="../../etc/passwd"')).toBe('passwd')
  })
})

describe('one record', () => {
  it('takes a plain record or an array of one, and refuses anything else', () => {
    expect(oneRecord({id: 1}, 'hook')).toEqual({id: 1})
    expect(oneRecord([{id: 2}], 'hook')).toEqual({id: 2})
    expect(() => oneRecord([], 'hook')).toThrow('expected one hook in the answer, got 0')
    expect(() => oneRecord([{id: 1}, {id: 2}], 'hook')).toThrow('got 2')
  })
})

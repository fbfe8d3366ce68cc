// What the server shapes oddly (issue 24, point 7): an error message of any JSON shape is one bounded
// line that names each field, and a download's file name from any Content-Disposition is a plain name
// inside the target folder. Properties over any value (fast-check), then the cases that were seen.
import {dirname, join} from 'node:path'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {SERVER_MESSAGE_MAX, serverMessage} from '../../src/core/base/errors.js'
import {fileNameFrom, plainFileName} from '../../src/core/transfer/server-file-name.js'

const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/

/** a body as the platform shapes errors, around any JSON value, and any JSON value alone */
const errorBody = fc.oneof(
  fc.jsonValue(),
  fc.record({message: fc.jsonValue()}),
  fc.record({error: fc.jsonValue()}),
  fc.record({message: fc.dictionary(fc.string(), fc.jsonValue())}),
  fc.record({message: fc.dictionary(fc.string(), fc.array(fc.oneof(fc.string(), fc.dictionary(fc.string(), fc.jsonValue()))))}),
)

describe('serverMessage of any answer', () => {
  it('is one line, at most SERVER_MESSAGE_MAX characters, and never "[object Object]"', () => {
    fc.assert(
      fc.property(errorBody, body => {
        const message = serverMessage(body)
        expect(message).not.toMatch(LINE_BREAK)
        expect(message.length).toBeLessThanOrEqual(SERVER_MESSAGE_MAX)
        if (!JSON.stringify(body).includes('[object Object]')) expect(message).not.toContain('[object Object]')
      }),
      {numRuns: 1000},
    )
  })

  it('names nested fields as field.sub, then their texts', () => {
    expect(serverMessage({message: {name: ['has already been taken']}})).toBe('name has already been taken')
    expect(serverMessage({message: {name: {first: ['is too long', 'is invalid']}, base: ['cannot be saved']}})).toBe('name.first is too long, is invalid; cannot be saved')
    expect(serverMessage({message: {rules: [{name: ['is invalid']}, 'two rules at most']}})).toBe('rules.name is invalid; rules two rules at most')
    expect(serverMessage({message: ['first', {field: ['second']}]})).toBe('first; field second')
    expect(serverMessage({error: {code: 'E42', detail: 'broken'}})).toBe('code E42; detail broken')
    expect(serverMessage([{message: 'in an array'}])).toBe('message in an array')
  })

  it('cuts a long message with "…", without splitting a character', () => {
    const long = serverMessage({message: 'x'.repeat(298) + '😀😀😀'})
    expect(long).toHaveLength(SERVER_MESSAGE_MAX - 1)
    expect(long.endsWith('x…')).toBe(true)
    expect(serverMessage({message: 'word '.repeat(1000)}).endsWith('…')).toBe(true)
  })

  it('stays small and quick on a message of fifty thousand fields, or nested ten thousand deep', () => {
    const wide = Object.fromEntries(Array.from({length: 50_000}, (_, i) => [`field${i}`, ['is wrong']]))
    // quick as in "reads a line's worth of fields, not all fifty thousand": counted, not timed (issue 36)
    let read = 0
    const counted = new Proxy(wide, {
      get(target, key, receiver) {
        read++
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    const message = serverMessage({message: counted})
    expect(message.startsWith('field0 is wrong; field1 is wrong; ')).toBe(true)
    expect(message.length).toBeLessThanOrEqual(SERVER_MESSAGE_MAX)
    expect(read).toBeLessThan(1000)
    let deep: unknown = ['bottom']
    for (let i = 0; i < 10_000; i++) deep = {level: deep}
    expect(serverMessage({message: deep})).toBe('level.level.level.level.level.level …')
  })

  it('keeps the shapes it read before', () => {
    expect(serverMessage({message: '404 Label Not Found'})).toBe('Label Not Found')
    expect(serverMessage({message: ['a', 'b']})).toBe('a; b')
    expect(serverMessage({unexpected: 1})).toBe('{"unexpected":1}')
    expect(serverMessage({message: 'line one\nline two\u2028three'})).toBe('line one line two three')
  })
})

/** a plain name: one segment, not a dot name, nothing invisible, short enough for a temporary name beside it */
function expectPlainName(name: string | undefined): void {
  if (name === undefined) return
  expect(name).not.toMatch(/[/\\]/)
  expect(name).not.toMatch(/^[\s.]|[\s.]$/)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must not be there
  expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/)
  expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200)
  expect(dirname(join('/target/folder', name))).toBe('/target/folder')
}

const anyText = fc.string({unit: 'binary', maxLength: 400})
const percentEncoded = fc
  .array(fc.oneof(fc.constantFrom('%', '%E0', '%A', '%ZZ', '%2F', '%2E%2E', '%00', '%C3%A9', '%F0%9F', '/', '..', ' '), fc.string()), {maxLength: 40})
  .map(parts => parts.join(''))

describe('the file name of any Content-Disposition', () => {
  it('is a plain name inside the folder, or none', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          anyText.map(name => `attachment; filename="${name}"`),
          anyText.map(name => `attachment; filename=${name}`),
          percentEncoded.map(name => `attachment; filename*=UTF-8''${name}`),
          percentEncoded.map(name => `attachment; filename*=iso-8859-1'en'${name}; filename="fallback.csv"`),
        ),
        header => expectPlainName(fileNameFrom(header)),
      ),
      {numRuns: 3000},
    )
  })

  it('any name placed in a folder is a plain name inside it, or none', () => {
    fc.assert(fc.property(anyText, name => expectPlainName(plainFileName(name))))
  })

  it('decodes what it can, and never ends the run for what it cannot', () => {
    expect(fileNameFrom("attachment; filename*=UTF-8''%E0%A4%A")).toBe('\ufffd%A')
    expect(fileNameFrom("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv")).toBe('résumé.csv')
    expect(fileNameFrom("attachment; filename*=ISO-8859-1''r%E9sum%E9.csv")).toBe('résumé.csv')
    expect(fileNameFrom('attachment; filename="r\u00c3\u00a9sum\u00c3\u00a9.csv"')).toBe('résumé.csv')
    expect(fileNameFrom('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt')
    expect(fileNameFrom('attachment; filename="labels.ndjson.gz"')).toBe('labels.ndjson.gz')
  })

  it('gives no name for spaces, dots or a path that ends in ..', () => {
    for (const value of ['   ', '..', '.', '../..', 'reports/..', ' . ', '\t']) {
      expect(fileNameFrom(`attachment; filename="${value}"`), value).toBeUndefined()
    }
    expect(fileNameFrom("attachment; filename*=UTF-8''%2E%2E%2F%2E%2E")).toBeUndefined()
    expect(fileNameFrom('attachment; filename*=UTF-8\'\'%20%20; filename="plain.csv"')).toBe('plain.csv')
  })

  it('keeps only the last segment, makes control characters visible as _, and shortens a long name keeping its extension', () => {
    expect(fileNameFrom('attachment; filename="../../etc/passwd"')).toBe('passwd')
    expect(fileNameFrom('attachment; filename="..\\\\..\\\\boot.ini"')).toBe('boot.ini')
    expect(fileNameFrom('attachment; filename=".bashrc"')).toBe('bashrc')
    expect(fileNameFrom('attachment; filename="invoice\u202efdp.exe"')).toBe('invoice_fdp.exe')
    expect(fileNameFrom("attachment; filename*=UTF-8''a%0Ab%1B.csv")).toBe('a_b_.csv')
    const long = fileNameFrom(`attachment; filename="${'é'.repeat(300)}.ndjson.gz"`)!
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(200)
    expect(long.endsWith('éé.gz')).toBe(true)
  })
})

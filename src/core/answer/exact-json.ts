// JSON read without losing a number: every answer (answer.ts, error bodies and traces in request.ts)
// and `api --input`. Node 20's JSON.parse turns 9007199254740993 into ...992 and 1e400 into Infinity,
// and its reviver has no access to the source text (that is V8 11.4+). So: JSON.parse when one regular
// expression finds no number token that a double could miss (nearly every answer; the scan costs about
// a third of JSON.parse's time, some 30 µs for a page of 100 labels), else the reader below: JSON.parse's
// grammar and values, except that such a number becomes an ExactNumber holding its text. It takes
// about three times JSON.parse's time, and only for answers that need it.
import {ExactNumber, fitsDouble} from '../base/exact-number.js'

/**
 * A number token a double may not hold has 16 digits or more, or an exponent. Digits inside strings
 * match too (a SHA, a fingerprint): then the exact reader runs, which costs time, never correctness.
 */
const MAYBE_INEXACT = /(?:^|[:,[])\s*-?\d(?:[\d.]{15}|[\d.]*[eE])/

export function parseJsonExactly(text: string): unknown {
  return MAYBE_INEXACT.test(text) ? parseExactJson(text) : JSON.parse(text)
}

/** JSON.parse's grammar and values, with numbers a double cannot hold as ExactNumber; throws SyntaxError as it does */
export function parseExactJson(text: string): unknown {
  const reader = new Reader(text)
  // the lists and objects still open, innermost last: a loop, not recursion, so that any depth
  // JSON.parse reads (a hostile answer nests a million deep) is read here too
  const open: Container[] = []
  reader.space()
  for (;;) {
    let value = reader.opening()
    if (value instanceof Container) {
      open.push(value)
      continue
    }
    for (;;) {
      const inner = open.at(-1)
      if (inner === undefined) {
        if (reader.at < text.length) reader.fail()
        return value
      }
      inner.add(value)
      if (!reader.closes(inner)) break
      open.pop()
      value = inner.value
    }
  }
}

/** a list or an object being read, with the key that waits for its value */
class Container {
  key = ''

  constructor(readonly value: unknown[] | Record<string, unknown>) {}

  add(item: unknown): void {
    if (Array.isArray(this.value)) this.value.push(item)
    // a key "__proto__" is a field, as JSON.parse makes it, never the object's prototype
    else if (this.key === '__proto__') Object.defineProperty(this.value, this.key, {value: item, writable: true, enumerable: true, configurable: true})
    else this.value[this.key] = item
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y
const PLAIN_INTEGER = /^-?\d{1,15}$/

class Reader {
  at = 0

  constructor(private readonly text: string) {}

  fail(): never {
    throw new SyntaxError(this.at < this.text.length ? `Unexpected token in JSON at position ${this.at}` : 'Unexpected end of JSON input')
  }

  space(): void {
    const {text} = this
    for (;;) {
      const c = text.charCodeAt(this.at)
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return
      this.at++
    }
  }

  /** a scalar, an empty list or object, or the Container of one that holds something; then past the spaces after it */
  opening(): unknown {
    const c = this.text.charCodeAt(this.at)
    const value = c === 0x5b || c === 0x7b ? this.container(c === 0x5b) : this.scalar(c)
    this.space()
    return value
  }

  /** after an item of `inner`: true at its closing bracket, false at a comma (then at the next item, its key read) */
  closes(inner: Container): boolean {
    const list = Array.isArray(inner.value)
    const c = this.text.charCodeAt(this.at)
    if (c !== (list ? 0x5d : 0x7d) && c !== 0x2c) this.fail()
    this.at++
    this.space()
    if (c === 0x2c && !list) inner.key = this.key()
    return c !== 0x2c
  }

  private container(list: boolean): unknown {
    this.at++
    this.space()
    if (this.text.charCodeAt(this.at) === (list ? 0x5d : 0x7d)) {
      this.at++
      return list ? [] : {}
    }
    const container = new Container(list ? [] : {})
    if (!list) container.key = this.key()
    return container
  }

  /** `"name"` and its colon, up to the value */
  private key(): string {
    if (this.text.charCodeAt(this.at) !== 0x22) this.fail()
    const key = this.string()
    this.space()
    if (this.text.charCodeAt(this.at) !== 0x3a) this.fail()
    this.at++
    this.space()
    return key
  }

  private scalar(c: number): unknown {
    if (c === 0x22) return this.string()
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number()
    if (this.word('true')) return true
    if (this.word('false')) return false
    if (this.word('null')) return null
    return this.fail()
  }

  private word(word: string): boolean {
    if (!this.text.startsWith(word, this.at)) return false
    this.at += word.length
    return true
  }

  private number(): number | ExactNumber {
    NUMBER.lastIndex = this.at
    const token = NUMBER.exec(this.text)?.[0]
    if (token === undefined) return this.fail()
    this.at += token.length
    return PLAIN_INTEGER.test(token) || fitsDouble(token) ? Number(token) : new ExactNumber(token)
  }

  private string(): string {
    const {text} = this
    const start = this.at
    let escaped = false
    for (let i = start + 1; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        this.at = i + 1
        // escapes are JSON.parse's to decode (and to refuse when malformed)
        return escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i)
      }
      if (c === 0x5c) {
        escaped = true
        i++
      } else if (c < 0x20) {
        this.at = i
        this.fail()
      }
    }
    this.at = text.length
    return this.fail()
  }
}

// Control characters from the server are shown, never obeyed, wherever a person reads the text; and no
// invisible or format character reaches the screen raw, so that two names never read as one (issue 35).
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {toldApart, unambiguous, visibleCell, visibleText} from '../../src/core/base/escape.js'

// what must never reach a terminal raw: Unicode's categories Cc, Cf, Co, Cs, Zl, Zp and the tag block,
// stated here from Unicode's own categories, not from the module's list
const RAW = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u{E0000}-\u{E007F}]/u
// any code point, the invisible ones much more often than chance would give them
const anyChar = fc.oneof(
  fc.string({unit: 'binary', maxLength: 1}),
  fc.constantFrom('\u200b', '\u200f', '\u2060', '\ufeff', '\u00ad', '\u2028', '\u2029', '\u061c', '\u202e', '\ue000', '\u{e0041}', '\u{e007f}', '\u200d', '\\', 'u', '{', 'x', '\ud800', '\t', '\n'),
)
const text = fc.array(anyChar, {maxLength: 30}).map(chars => chars.join(''))

/** reads unambiguous's output back: the test of its promise that two texts never read the same */
function readBack(shown: string): string {
  const named: Record<string, string> = {'0': '\0', a: '\u0007', b: '\b', t: '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\u001b', '\\': '\\'}
  return shown.replace(/\\(u\{([0-9a-f]+)\}|u([0-9a-f]{4})|x([0-9a-f]{2})|.)/g, (_, all: string, big?: string, u?: string, x?: string) =>
    big ? String.fromCodePoint(Number.parseInt(big, 16)) : u || x ? String.fromCharCode(Number.parseInt((u ?? x)!, 16)) : named[all]!,
  )
}

describe('the one display escape, over any text', () => {
  it('leaves no invisible or format character raw in a cell, and changes nothing else', () => {
    fc.assert(
      fc.property(text, raw => {
        const shown = visibleCell(raw)
        expect(shown).not.toMatch(RAW)
        expect(visibleCell(shown)).toBe(shown)
        if (!RAW.test(raw)) expect(shown).toBe(raw)
      }),
    )
  })

  it('keeps only tab and line feed raw in a message', () => {
    fc.assert(
      fc.property(text, raw => {
        const shown = visibleText(raw)
        expect(shown.replace(/[\t\n]/g, '')).not.toMatch(RAW)
        expect([...shown].filter(c => c === '\n' || c === '\t').join('')).toBe([...raw].filter(c => c === '\n' || c === '\t').join(''))
      }),
    )
  })

  it('writes a text unambiguously: printable ASCII only, and read back exactly', () => {
    fc.assert(
      fc.property(text, raw => {
        const shown = unambiguous(raw)
        expect(shown).toMatch(/^[\x20-\x7e]*$/)
        expect(readBack(shown)).toBe(raw)
      }),
    )
  })

  it('tells apart lines that would read the same, and leaves the others as a cell shows them', () => {
    fc.assert(
      fc.property(fc.array(text, {maxLength: 8}), lines => {
        const shown = toldApart(lines)
        lines.forEach((a, i) => {
          lines.forEach((b, j) => {
            if (a !== b) expect(shown[i]).not.toBe(shown[j])
          })
          if (!lines.some(b => b !== a && visibleCell(b) === visibleCell(a))) expect(shown[i]).toBe(visibleCell(a))
        })
      }),
    )
  })

  it.each([
    ['\u200b', '\\u200b'],
    ['\u200f', '\\u200f'],
    ['\u2060', '\\u2060'],
    ['\ufeff', '\\ufeff'],
    ['\u00ad', '\\u00ad'],
    ['\u2028', '\\u2028'],
    ['\u061c', '\\u061c'],
    ['\u{e0062}\u{e0075}\u{e0067}', '\\u{e0062}\\u{e0075}\\u{e0067}'],
    ['\ue000', '\\ue000'],
  ])('bug%s reads as %s after bug', (invisible, shown) => {
    expect(visibleCell(`bug${invisible}`)).toBe(`bug${shown}`)
    expect(visibleText(`bug${invisible}`)).toBe(`bug${shown}`)
  })
})

describe('visibleCell (table cells and headers)', () => {
  it.each([
    ['plain text', 'plain text'],
    ['\u001b[2J\u001b[H', '\\e[2J\\e[H'], // clear the screen
    ['x\u001b]0;pwned\u0007', 'x\\e]0;pwned\\a'], // set the window title
    ['\u001b]52;c;aGk=\u0007', '\\e]52;c;aGk=\\a'], // write the clipboard
    ['a\u009b31mb', 'a\\u009b31mb'], // C1 CSI acts like ESC[
    ['del\u007f', 'del\\x7f'],
    ['nul\u0000', 'nul\\0'],
    ['\u0001\u001f', '\\x01\\x1f'],
    ['line\nbreak\tand tab\r', 'line\\nbreak\\tand tab\\r'], // a row stays one line
    ['back\bspace', 'back\\bspace'],
    ['café ✓ 日本', 'café ✓ 日本'], // printable Unicode is left alone
    ['C:\\path\\e', 'C:\\path\\e'], // backslashes are not doubled
    ['release\u202egnp.exe', 'release\\u202egnp.exe'], // right-to-left override: would read "releaseexe.png"
    ['\u2066a\u2069 \u202ab\u202c', '\\u2066a\\u2069 \\u202ab\\u202c'], // isolates and embeddings
    ['שלום עולם', 'שלום עולם'], // right-to-left text needs no control, and keeps its own
    ['👩\u200d💻', '👩\\u200d💻'], // a zero-width joiner, even in an emoji: drawn as two pictures, it reads as none
  ])('%j → %j', (raw, shown) => {
    expect(visibleCell(raw)).toBe(shown)
    expect(visibleCell(shown)).toBe(shown)
  })
})

describe('visibleText (notes, errors, prompts)', () => {
  it.each([
    ['Deleted label "x\u001b[8m".', 'Deleted label "x\\e[8m".'],
    ['Error: one\nSee: two\n', 'Error: one\nSee: two\n'], // our own layout stays
    ['a\tb', 'a\tb'],
    ['over\rwrite', 'over\\rwrite'],
    ['\u0007\u009d', '\\a\\u009d'],
    ['Deleted label "a\u202eb".', 'Deleted label "a\\u202eb".'],
  ])('%j → %j', (raw, shown) => {
    expect(visibleText(raw)).toBe(shown)
  })
})

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

// letters of other scripts drawn as a Latin letter, by the letter they pass for (Unicode's confusables,
// UTS #39; stated here, not taken from the module)
const HOMOGLYPHS: Record<string, string> = {
  a: 'аα',
  c: 'с',
  e: 'е',
  o: 'оοօ',
  p: 'рρ',
  x: 'хχ',
  y: 'у',
  s: 'ѕ',
  i: 'і',
  u: 'ս',
  h: 'һ',
  A: 'АΑ',
  B: 'ВΒ',
  E: 'Е',
  M: 'МΜ',
  T: 'ТΤ',
  O: 'ОΟ',
  K: 'К',
  P: 'Р',
  H: 'Н',
  X: 'Х',
}
const PASSES_FOR = new Set([
  'ԁ',
  'ց',
  'ɡ',
  'հ',
  'ι',
  'ı',
  'ј',
  'κ',
  'ӏ',
  'ո',
  'ԛ',
  'զ',
  'ν',
  'ԝ',
  'ү',
  'ϲ',
  'Ϲ',
  'Ι',
  'Ӏ',
  'І',
  'Ј',
  'Κ',
  'Ν',
  'Օ',
  'Ρ',
  'Ԛ',
  'Ѕ',
  'Ԝ',
  'Χ',
  'Ү',
  'Υ',
  'Ζ',
  'Η',
  'Ε',
  ...Object.values(HOMOGLYPHS).flatMap(c => [...c]),
])
/** an ASCII name, and the same name with some of its letters written in another script's look-alikes */
const lookAlike = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCEHKMOPTX0123456789_-'), {minLength: 1, maxLength: 12})
  .chain(chars =>
    fc.tuple(
      fc.constant(chars.join('')),
      fc
        .array(fc.boolean(), {minLength: chars.length, maxLength: chars.length})
        .chain(swap => fc.tuple(...chars.map((char, i) => (swap[i] && HOMOGLYPHS[char] ? fc.constantFrom(...HOMOGLYPHS[char]!) : fc.constant(char)))).map(out => out.join(''))),
    ),
  )
  .filter(([name, imitation]) => name !== imitation)

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
        if (!RAW.test(raw) && ![...raw].some(char => PASSES_FOR.has(char))) expect(shown).toBe(raw)
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

describe('look-alike letters of another script (homoglyphs), issue 35', () => {
  it('a name written partly or wholly with look-alikes never reads as the Latin name it imitates, in a cell or a plan line', () => {
    fc.assert(
      fc.property(lookAlike, fc.constantFrom('', '- labels ', '+ project acme/'), ([name, imitation], prefix) => {
        expect(visibleCell(prefix + imitation)).not.toBe(visibleCell(prefix + name))
        // the look-alikes are written as their codes: the line is printable ASCII, read back exactly
        expect(visibleCell(imitation)).toMatch(/^[\x20-\x7e]*$/)
        expect(readBack(visibleCell(imitation))).toBe(imitation)
        const [deleted, created] = toldApart([`- labels ${imitation}`, `+ labels ${name}`])
        expect(deleted!.slice(2)).not.toBe(created!.slice(2))
      }),
      {numRuns: 500},
    )
  })

  it('leaves a word of another script as it is when a letter of it passes for no Latin one, and a Latin name as it is', () => {
    for (const word of ['ошибка', 'Ελλάδα', 'հայերեն', 'bug', 'naïve', '日本語', 'ошибка bug']) expect(visibleCell(word)).toBe(word)
    expect(visibleCell('Micrоsoft and сор, not ошибка')).toBe('Micr\\u043esoft and \\u0441\\u043e\\u0440, not ошибка')
  })
})

// Control characters from the server are shown, never obeyed, wherever a person reads the text.
import {describe, expect, it} from 'vitest'
import {visibleCell, visibleText} from '../../src/core/output/escape.js'

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
    ['👩\u200d💻', '👩\u200d💻'], // a zero-width joiner builds an emoji
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

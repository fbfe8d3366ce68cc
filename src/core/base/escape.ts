// Text written by other people (label names, descriptions, the server's error messages) goes to a
// person's terminal, which obeys control characters: ESC starts sequences that clear the screen, set
// the window title, hide text or write the clipboard (OSC 52), BEL rings, CR overwrites the line, and
// C1 characters such as U+009B (CSI) act like ESC on some terminals. Everything shown to a person
// passes through here; data formats (json, yaml, csv) keep the exact value.

const NAMED: Readonly<Record<string, string>> = {
  '\0': '\\0',
  '\u0007': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\u001b': '\\e',
}

// Every character that draws nothing, or acts instead of drawing, whatever its script: Unicode's
// controls (Cc: C0, DEL, C1), format characters (Cf: bidi overrides and isolates U+202A-U+202E and
// U+2066-U+2069, marks U+200E/U+200F/U+061C, zero-width U+200B/U+200C/U+200D/U+2060/U+FEFF, soft hyphen
// U+00AD), line and paragraph separators (Zl U+2028, Zp U+2029), private use (Co: a font's guess),
// lone surrogates (Cs), and the whole tag block U+E0000-U+E007F (invisible ASCII). Invisible, they make
// two names read as one (`bug` and `bug<U+200B>`) or reorder what follows them (the "Trojan Source"
// trick). A zero-width joiner is escaped inside an emoji too: a terminal that draws the sequence as two
// pictures shows it exactly as it shows the two without it. Right-to-left text needs none of them.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u{E0000}-\u{E007F}]/gu
// in messages, whose layout is ours, tab and line feed are left alone
const isLayout = (char: string) => char === '\t' || char === '\n'

function visible(char: string): string {
  const named = NAMED[char]
  if (named) return named
  const code = char.codePointAt(0)!
  if (code < 0x80) return `\\x${code.toString(16).padStart(2, '0')}`
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/**
 * A table cell, a header or a plan line: every control character shown as an escape, so the row stays
 * one line, and look-alike letters marked (lookAlikesMarked).
 */
export function visibleCell(text: string): string {
  return lookAlikesMarked(text.replace(INVISIBLE, visible))
}

// Letters of other scripts that a terminal draws as a Latin letter (Cyrillic а, Greek Ο, Armenian ս):
// the close ones of Unicode's confusables (UTS #39) for the Latin letters, by the letter they pass for
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  a: 'аα',
  c: 'сϲ',
  d: 'ԁ',
  e: 'е',
  g: 'ցɡ',
  h: 'һհ',
  i: 'іιı',
  j: 'ј',
  k: 'κ',
  l: 'ӏ',
  n: 'ո',
  o: 'оοօ',
  p: 'рρ',
  q: 'ԛզ',
  s: 'ѕ',
  u: 'սυ',
  v: 'ν',
  w: 'ԝ',
  x: 'хχ',
  y: 'уү',
  A: 'АΑ',
  B: 'ВΒ',
  C: 'СϹ',
  E: 'ЕΕ',
  H: 'НΗ',
  I: 'ІΙӀ',
  J: 'Ј',
  K: 'КΚ',
  M: 'МΜ',
  N: 'Ν',
  O: 'ОΟՕ',
  P: 'РΡ',
  Q: 'Ԛ',
  S: 'Ѕ',
  T: 'ТΤ',
  W: 'Ԝ',
  X: 'ХΧ',
  Y: 'ҮΥ',
  Z: 'Ζ',
}
const LOOK_ALIKE = new Set(Object.values(LOOK_ALIKES).flatMap(chars => [...chars]))
const WORD = /[\p{L}\p{M}\p{N}]+/gu

/**
 * A word that reads as Latin letters and digits, written partly or wholly with letters of another script
 * that look like them (`bսg`, `раураl`, `Micrоsoft`), has those letters written as their codes
 * (`b\u057dg`): such a name reads as the Latin one it imitates, and a plan line `- labels bսg` as the
 * deletion of `bug`. A word with any letter of its script that passes for no Latin one (`ошибка`,
 * `Ελλάδα`) is left as it is.
 */
export function lookAlikesMarked(text: string): string {
  // every look-alike is beyond ASCII: most text has nothing to look at
  if (!/[\u0080-\uffff]/.test(text)) return text
  return text.replace(WORD, word => {
    const chars = [...word]
    if (!chars.some(char => LOOK_ALIKE.has(char)) || !chars.every(char => LOOK_ALIKE.has(char) || /^[A-Za-z0-9]$/.test(char))) return word
    return chars.map(char => (LOOK_ALIKE.has(char) ? visible(char) : char)).join('')
  })
}

/**
 * A field of a `-q` line, exact but for the separators of that format: a tab, line feed or carriage
 * return inside it would make one record two lines or shift its fields, and `-q | xargs forgectl …
 * delete` would act on records nobody listed (a name `bug<LF>urgent` read as `bug` and `urgent`).
 */
export function oneField(text: string): string {
  return text.replace(SEPARATORS, visible)
}
const SEPARATORS = /[\t\n\r]/g

/** a message line (note, error, prompt, spinner): control characters shown, tab and line feed kept */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, char => (isLayout(char) ? char : visible(char)))
}

/** a name that becomes a file (a download's, from the server): control characters replaced, nothing invisible saved */
export function replaceControls(text: string, by: string): string {
  return text.replace(INVISIBLE, by)
}

const MAX_SHOWN = 60

/**
 * A word typed, as a message shows it: at most 60 characters and `…`. Every word an error repeats from
 * the command line goes through it (values, stray words, unknown commands and flags), so that a blob
 * pasted by mistake (`forgectl labels "$(cat file)"`) makes one line, not 100 KB of it.
 */
export function cut(word: string): string {
  return cutTo(word, MAX_SHOWN)
}

/** a word typed, as a message quotes it: `"blurple"`, a long one cut */
export function quoted(word: string): string {
  return `"${cut(word)}"`
}

// one argument for cut, which is given to map()
function cutTo(word: string, max: number): string {
  if (word.length <= max) return word
  const chars = [...word]
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : word
}

/** a word of a message longer than this is no name anyone reads: a blob pasted, or a path made of one */
const MAX_WORD = 200
const LONG_WORD = new RegExp(`\\S{${MAX_WORD + 1},}`, 'g')

/**
 * An error or a note as a person reads it: control and format characters shown (visibleText), and every
 * word cut to 200 characters. A message repeats what was typed in many ways (a field name of --columns, a
 * project path inside a request's path, a file name); cut here, in the one place every message line
 * passes, a 100 KB word makes one short line whichever message repeats it.
 */
export function messageText(text: string): string {
  return visibleText(text.replace(LONG_WORD, word => cutTo(word, MAX_WORD)))
}

/**
 * `text` with nothing left to guess: backslashes doubled and every character beyond printable ASCII
 * written as its code, so that two different texts never read the same (`bug\u200b` written by a
 * person, and `bug` + U+200B).
 */
export function unambiguous(text: string): string {
  return text.replace(/[^\x20-\x5b\x5d-\x7e]/gu, char => (char === '\\' ? '\\\\' : visible(char)))
}

/**
 * Lines as a person reads them (visibleCell), except lines that would read exactly as another, different
 * one: those are written unambiguous, so that a plan of nine look-alike deletions shows nine different lines.
 */
export function toldApart(lines: readonly string[]): string[] {
  const shown = lines.map(visibleCell)
  const raws = new Map<string, Set<string>>()
  shown.forEach((line, i) => {
    raws.set(line, (raws.get(line) ?? new Set()).add(lines[i]!))
  })
  return shown.map((line, i) => (raws.get(line)!.size > 1 ? unambiguous(lines[i]!) : line))
}

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

// C0, DEL and C1, and the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
// U+2066-U+2069): invisible, they reorder what follows them on the line, so that a name reads as
// another (the "Trojan Source" trick); right-to-left text itself needs none of them. Tab and line feed
// are left alone in messages, whose layout is ours.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this module is for
const EVERY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same, less tab and line feed
const CONTROL_BUT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

function visible(char: string): string {
  const named = NAMED[char]
  if (named) return named
  const code = char.charCodeAt(0)
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/** a table cell or a header: every control character shown as an escape, so the row stays one line */
export function visibleCell(text: string): string {
  return text.replace(EVERY_CONTROL, visible)
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
  return text.replace(CONTROL_BUT_LAYOUT, visible)
}

/** a name that becomes a file (a download's, from the server): control characters replaced, nothing invisible saved */
export function replaceControls(text: string, by: string): string {
  return text.replace(EVERY_CONTROL, by)
}

const MAX_SHOWN = 60

/**
 * A word typed, as a message shows it: at most 60 characters and `…`. Every word an error repeats from
 * the command line goes through it (values, stray words, unknown commands and flags), so that a blob
 * pasted by mistake (`forgectl labels "$(cat file)"`) makes one line, not 100 KB of it.
 */
export function cut(word: string): string {
  if (word.length <= MAX_SHOWN) return word
  const chars = [...word]
  return chars.length > MAX_SHOWN ? `${chars.slice(0, MAX_SHOWN).join('')}…` : word
}

// How many terminal cells a text takes, so that table columns line up whatever the script: East Asian
// wide characters and emoji take 2 cells, combining marks and format characters 0, the rest 1. A small
// own function rather than `string-width` (ESM-only in its current major, two more packages behind it,
// and a table needs only this much: graphemes come from Intl.Segmenter, built into Node).

// Wide and fullwidth blocks (Unicode's East_Asian_Width W and F) that are not emoji; emoji are found by
// their properties below.
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe4],
  [0x17000, 0x18cff],
  [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f202],
  [0x1f210, 0x1f23b],
  [0x1f240, 0x1f248],
  [0x1f250, 0x1f251],
  [0x20000, 0x2fffd],
  [0x30000, 0x3fffd],
]

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u200b\u1160-\u11ff]/u
// An emoji shown as a picture: emoji presentation by default, or asked for with U+FE0F; a flag is a pair of regional indicators.
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\ufe0f|\p{Regional_Indicator}|\ufe0f\u20e3/u

let segmenter: Intl.Segmenter | undefined

function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'})
  return Array.from(segmenter.segment(text), s => s.segment)
}

function isWide(codePoint: number): boolean {
  for (const [from, to] of WIDE_RANGES) {
    if (codePoint < from) return false
    if (codePoint <= to) return true
  }
  return false
}

/** cells taken by one grapheme cluster (a base character with its combining marks, or one emoji sequence) */
function graphemeWidth(grapheme: string): number {
  if (EMOJI.test(grapheme)) return 2
  if (ZERO_WIDTH.test(grapheme)) return 0
  return isWide(grapheme.codePointAt(0)!) ? 2 : 1
}

/** terminal cells taken by `text`, which holds no control characters (cells pass through visibleCell first) */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length
  let width = 0
  for (const g of graphemes(text)) width += graphemeWidth(g)
  return width
}

/**
 * `text` cut to at most `width` cells, ending in `…` when something was cut; never splits a grapheme.
 * `keep: 'end'` cuts the start instead (`…/relations/labels.ndjson.gz`): a path's end names its file.
 */
export function cutToWidth(text: string, width: number, keep: 'start' | 'end' = 'start'): string {
  if (displayWidth(text) <= width) return text
  if (width <= 0) return ''
  const units = PRINTABLE_ASCII.test(text) ? [...text] : graphemes(text)
  // "…labels.gz" and "Something is…" rather than "… labels.gz" and "Something is …"
  if (keep === 'end')
    return (
      '…'
      + fitting(units.reverse(), width - 1)
        .reverse()
        .join('')
        .trimStart()
    )
  return (
    fitting(units, width - 1)
      .join('')
      .trimEnd() + '…'
  )
}

/** the leading graphemes of `units` that take at most `width` cells */
function fitting(units: string[], width: number): string[] {
  const kept: string[] = []
  let used = 0
  for (const g of units) {
    const w = graphemeWidth(g)
    if (used + w > width) break
    kept.push(g)
    used += w
  }
  return kept
}

/**
 * `head` then `tail` in at most `width` cells, for a line that must not wrap (a spinner's): the head is
 * cut so that the tail, which says what changes (a job's status), stays whole; when the tail alone
 * does not fit, the whole line is cut.
 */
export function fitLine(head: string, tail: string, width: number): string {
  if (displayWidth(head) + displayWidth(tail) <= width) return head + tail
  const room = width - displayWidth(tail)
  // a head cut to less than a few cells says nothing: the line is cut as one instead
  return room >= 8 ? cutToWidth(head, room) + tail : cutToWidth(head + tail, width)
}

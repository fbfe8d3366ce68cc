// Fitting a table to the terminal: which columns to show and how wide, then the text. Pure, so the
// rules are unit-tested without a terminal. The rules (issue 14):
// - a column holding an identity (ID, name, state) is never cut: a cut ID is a wrong ID;
// - URLs and free text (descriptions, notes, errors) are cut first, then any other column;
// - a cut cell ends in `…`, and nothing wraps, so one record stays one line;
// - if the uncuttable columns alone do not fit, trailing columns are left out (the cuttable ones first)
//   rather than exceeding the width: the terminal would wrap every line and the table would be unreadable;
// - a command may say which of its columns gives way by what it is for (issue 25, point 8): `last` for
//   the one column its user needs (a downloaded file's path), cut only when every other is at its
//   least, and left out after them; `keep: 'end'` cuts a cell's start, for a path whose end is the file.
import {cutToWidth, displayWidth} from './display-width.js'

/** how far a column may be cut: `never`, `first` (URLs, free text), `later` (the rest), `last` (what the command is for) */
export type CutRank = 'never' | 'first' | 'later' | 'last'

/** how a command's column gives way, where its name alone would say otherwise (BaseCommand.fits) */
export interface ColumnFit {
  rank?: CutRank
  /** the end of a cut cell that stays: `start` (the default) or `end` (a path) */
  keep?: 'start' | 'end'
}

const GAP = 2
// A cut column keeps at least this many cells (or its header's width), so it still says something.
const MIN_CUT_WIDTH = 8

// Names are identities too (README: "IDs, names and states are never cut"): a milestone's title, a
// project's full path, a branch_name; a cut title at 60 columns named another milestone.
const NEVER_CUT = new Set([
  'id',
  'iid',
  'key',
  'name',
  'username',
  'slug',
  'relation',
  'state',
  'status',
  'short_id',
  'item',
  'profile',
  ...['title', 'full_name', 'full_path', 'path_with_namespace', 'name_with_namespace'],
])
const CUT_FIRST = /(^|_)(url|urls|description|note|error|markdown|path|fingerprint\w*|message|body|content)$/

/** the cut rank of a field, from its last path segment: `commit.short_id` is an ID, `platform.api_url` a URL */
export function cutRank(field: string): CutRank {
  const last = field.slice(field.lastIndexOf('.') + 1)
  if (NEVER_CUT.has(last) || last.endsWith('_id') || last.endsWith('_name')) return 'never'
  if (CUT_FIRST.test(last)) return 'first'
  return 'later'
}

export interface TableInput {
  /** header cells, or null for a table without a header row */
  head: string[] | null
  rows: string[][]
  /** one per column */
  ranks: CutRank[]
  /** one per column, where some cells keep their end when cut (ColumnFit.keep); start for all else */
  keep?: Array<'start' | 'end'>
  /** terminal cells available; Infinity for no limit */
  maxWidth: number
}

export interface TableLayout {
  /** indexes of the columns shown, in order */
  shown: number[]
  /** width of each shown column, in cells */
  widths: number[]
}

/** a column while the table is fitted: where it is in a row, how far it may be cut, and its width so far */
interface Column {
  index: number
  rank: CutRank
  natural: number
  least: number
  width: number
}

export function layoutTable(input: TableInput): TableLayout {
  const columns = layoutColumns(input)
  return {shown: columns.map(c => c.index), widths: columns.map(c => c.width)}
}

function layoutColumns({head, rows, ranks, maxWidth}: TableInput): Column[] {
  const headWidth = (i: number) => (head ? displayWidth(head[i] ?? '') : 0)
  const shown = ranks.map((rank, index): Column => {
    const natural = Math.max(headWidth(index), ...rows.map(r => displayWidth(r[index] ?? '')))
    return {index, rank, natural, least: Math.min(natural, Math.max(MIN_CUT_WIDTH, headWidth(index))), width: natural}
  })
  const total = (columns: Column[]) => columns.reduce((sum, c) => sum + c.width, 0) + GAP * Math.max(0, columns.length - 1)
  for (;;) {
    shrink(shown, maxWidth, total)
    if (total(shown) <= maxWidth || shown.length <= 1) return shown
    // Still too wide with every cuttable column at its least: leave out the last cuttable column (a
    // `last` one after the others), else the last one.
    const other = shown.findLastIndex(c => c.rank === 'first' || c.rank === 'later')
    const cuttable = other > 0 ? other : shown.findLastIndex(c => c.rank === 'last')
    shown.splice(cuttable > 0 ? cuttable : shown.length - 1, 1)
  }
}

/** narrows the widest cuttable columns of each rank in turn (cut-first before later) until the table fits */
function shrink(columns: Column[], maxWidth: number, total: (columns: Column[]) => number): void {
  // A cuttable column never needs more than the whole width: this bounds the loop below for a huge cell.
  for (const c of columns) c.width = c.rank === 'never' ? c.natural : Math.min(c.natural, Math.max(c.least, maxWidth))
  for (const rank of ['first', 'later', 'last'] as const) {
    for (let excess = total(columns) - maxWidth; excess > 0; excess--) {
      // one cell off the widest column of this rank, so that cut columns end up evenly wide
      let widest: Column | undefined
      for (const c of columns) if (c.rank === rank && c.width > c.least && (!widest || c.width > widest.width)) widest = c
      if (!widest) break
      widest.width--
    }
  }
}

/** the shown columns' cells, each cut to its column's width: what the renderer then pads and joins */
export function fitTable(input: TableInput): {head: string[] | null; rows: string[][]} {
  const columns = layoutColumns(input)
  const fit = (cells: string[]) => columns.map(c => cutToWidth(cells[c.index] ?? '', c.width, input.keep?.[c.index]))
  return {head: input.head ? fit(input.head) : null, rows: input.rows.map(fit)}
}

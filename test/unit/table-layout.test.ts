// Fitting tables to the terminal (issue 14, points 1 and 7): display widths of wide and combining
// characters, which columns are cut or left out, and that every line fits and stays aligned. And a
// column a command declares as the one it is for gives way last, keeping a path's end (issue 25, point 8).
import {describe, expect, it} from 'vitest'
import {cutToWidth, displayWidth, fitLine} from '../../src/core/output/display-width.js'
import {type CutRank, cutRank, layoutTable} from '../../src/core/output/table-layout.js'
import {renderTable} from '../../src/core/output/table-render.js'

describe('displayWidth', () => {
  it('counts East Asian wide characters and emoji as 2, combining marks and format characters as 0', async () => {
    expect(displayWidth('bug')).toBe(3)
    expect(displayWidth('バグ')).toBe(4)
    expect(displayWidth('缺陷')).toBe(4)
    expect(displayWidth('버그')).toBe(4)
    expect(displayWidth('🐛')).toBe(2)
    expect(displayWidth('👩‍💻')).toBe(2) // one ZWJ sequence
    expect(displayWidth('🇯🇵')).toBe(2)
    expect(displayWidth('❤️')).toBe(2) // text heart asked to show as emoji
    expect(displayWidth('©')).toBe(1) // pictographic, but text presentation by default
    expect(displayWidth('e\u0301')).toBe(1) // e + combining acute
    expect(displayWidth('באג')).toBe(3) // Hebrew: one cell a letter, read right to left
    expect(displayWidth('a\u200bb')).toBe(2)
    expect(displayWidth('ＡＢ')).toBe(4) // fullwidth Latin
  })

  it('cuts by width, never inside a grapheme, and ends a cut with …', async () => {
    expect(cutToWidth('description', 20)).toBe('description')
    expect(cutToWidth('description', 6)).toBe('descr…')
    expect(cutToWidth('バグ修正', 6)).toBe('バグ…')
    expect(cutToWidth('バグ修正', 5)).toBe('バグ…')
    expect(displayWidth(cutToWidth('バグ修正', 4))).toBeLessThanOrEqual(4)
    expect(cutToWidth('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…')
    expect(cutToWidth('👩‍💻👩‍💻', 3)).toBe('👩‍💻…')
  })
})

describe('cutRank', () => {
  it('never cuts IDs, names and states; cuts URLs and free text first', async () => {
    // names include titles and paths that name a record (issue 36: a milestone's title was cut at 60 columns)
    for (const field of ['id', 'iid', 'name', 'username', 'state', 'status', 'key', 'commit.short_id', 'project_id', 'slug', 'title', 'full_path', 'branch_name']) expect(cutRank(field)).toBe('never')
    for (const field of ['url', 'description', 'last_error', 'platform_orchestrator.api_url', 'note', 'link.markdown', 'file_path']) expect(cutRank(field)).toBe('first')
    for (const field of ['color', 'scopes', 'created_at']) expect(cutRank(field)).toBe('later')
  })
})

const widest = (lines: string[]) => Math.max(...lines.map(displayWidth))

describe('layoutTable, and renderTable through cli-table3', () => {
  const head = ['id', 'name', 'url', 'description', 'color']
  const ranks: CutRank[] = ['never', 'never', 'first', 'first', 'later']
  const rows = [
    ['1013', 'a-rather-long-label-name', 'https://example.com/' + 'x'.repeat(80), 'Something is broken '.repeat(5).trim(), '#d9534f'],
    ['7', 'bug', 'https://e.com', 'short', 'red'],
  ]

  it('leaves a table that fits as it is, and never limits one without a width', async () => {
    expect((await renderTable({head, rows, ranks, maxWidth: Infinity}))[1]).toContain('x'.repeat(80))
    const small = await renderTable({head: ['id', 'name'], rows: [['7', 'bug']], ranks: ['never', 'never'], maxWidth: 80})
    expect(small).toEqual(['id  name', '7   bug'])
  })

  it('fits the width by cutting URLs and descriptions, keeping IDs and names whole', async () => {
    for (const maxWidth of [70, 80, 120]) {
      const lines = await renderTable({head, rows, ranks, maxWidth})
      expect(widest(lines)).toBeLessThanOrEqual(maxWidth)
      expect(lines[1]).toMatch(/^1013 {2}a-rather-long-label-name {2}https:\/\/\S+…\s+Something[^…]*…\s+#d9534f$/)
    }
  })

  it('cuts the "first" columns before the others', async () => {
    const {widths} = layoutTable({head, rows, ranks, maxWidth: 100})
    expect(widths[4]).toBe(7) // color untouched while url and description still give way
    expect(widths.slice(2, 4).reduce((a, b) => a + b)).toBe(100 - 4 - 24 - 7 - 8)
  })

  it('leaves out trailing cuttable columns when even the least widths do not fit, never cutting an ID', async () => {
    const {shown} = layoutTable({head, rows, ranks, maxWidth: 50})
    expect(shown).toEqual([0, 1, 2])
    const lines = await renderTable({head, rows, ranks, maxWidth: 40})
    expect(widest(lines)).toBeLessThanOrEqual(40)
    expect(lines[1]).toMatch(/^1013 {2}a-rather-long-label-name/)
  })

  it('prints a name longer than the terminal whole rather than cutting it', async () => {
    const lines = await renderTable({head: ['name', 'url'], rows: [['n'.repeat(30), 'https://e.com']], ranks: ['never', 'first'], maxWidth: 20})
    expect(lines).toEqual(['name', 'n'.repeat(30)])
  })

  it('keeps columns aligned around CJK, emoji, combining and right-to-left text', async () => {
    const lines = await renderTable({
      head: ['name', 'color', 'description'],
      rows: [
        ['バグ', 'red', 'x'],
        ['🐛 bug', 'blue', 'y'],
        ['באג', 'teal', 'z'],
        ['cafe\u0301', 'gray', 'w'],
        ['plain', 'green', 'v'],
      ],
      ranks: ['never', 'later', 'first'],
      maxWidth: 80,
    })
    // every "color" cell starts at the same display column
    const starts = lines.map(line => displayWidth(line.slice(0, line.search(/(color|red|blue|teal|gray|green)/))))
    expect(new Set(starts)).toEqual(new Set([8])) // "🐛 bug" is the widest name: 6 cells, then the gap
  })

  it('cuts wide characters by width so the line still fits', async () => {
    const lines = await renderTable({head: ['id', 'description'], rows: [['1', '説明'.repeat(40)]], ranks: ['never', 'first'], maxWidth: 30})
    expect(widest(lines)).toBeLessThanOrEqual(30)
    expect(lines[1]).toMatch(/^1 {3}(説明)+説?…$/)
  })
})

describe('cutting a path at its start, and fitting a spinner line', () => {
  it('keeps the end of a cut cell when asked, by width, never splitting a grapheme', () => {
    expect(cutToWidth('relations-acme/labels.ndjson.gz', 20, 'end')).toBe('…me/labels.ndjson.gz')
    expect(displayWidth(cutToWidth('relations-acme/labels.ndjson.gz', 20, 'end'))).toBe(20)
    expect(cutToWidth('short', 20, 'end')).toBe('short')
    expect(cutToWidth('フォルダ/バグ.gz', 8, 'end')).toBe('…バグ.gz')
    expect(cutToWidth('dir/ e\u0301e\u0301', 3, 'end')).toBe('…e\u0301e\u0301')
  })

  it('fitLine keeps the tail whole and cuts the head; cuts the whole when the tail alone is too wide', () => {
    expect(fitLine('Waiting for export', ' (3 of 9 ended)', 80)).toBe('Waiting for export (3 of 9 ended)')
    expect(fitLine('Waiting for relations export of project acme/platform/api', ' (3 of 9 relations ended)', 50)).toBe('Waiting for relations ex… (3 of 9 relations ended)')
    expect(displayWidth(fitLine('Waiting for バグ修正バグ修正バグ修正', ' (ok)', 20))).toBeLessThanOrEqual(20)
    expect(fitLine('Waiting for x', ' (a very long status that fills the line)', 20)).toBe('Waiting for x (a ve…')
  })
})

describe("a column declared 'last', which keeps its end", () => {
  const head = ['item', 'status', 'result.path', 'result.bytes', 'error']
  const path = (name: string) => `relations-acme-platform-api/${name}.ndjson.gz`
  const rows = [
    ['labels', 'ok', path('labels'), '165', ''],
    ['merge_requests', 'ok', path('merge_requests'), '249', ''],
    ['issues', 'failed', '', '', 'the connection closed before the answer was complete, twice over'],
  ]
  const byName: CutRank[] = ['never', 'never', 'first', 'later', 'first']
  const declared: CutRank[] = ['never', 'never', 'last', 'later', 'first']

  it('gives way after every other column: the error is cut to its least before the path loses a cell', () => {
    const {widths} = layoutTable({head, rows, ranks: declared, maxWidth: 100})
    expect(widths[2]).toBe(path('merge_requests').length)
    expect(widths[4]).toBe(100 - 14 - 6 - path('merge_requests').length - 12 - 8)
    const before = layoutTable({head, rows, ranks: byName, maxWidth: 100}).widths
    expect(before[2]).toBeLessThan(path('merge_requests').length)
  })

  it("cut, it shows the file's name; the table still fits", async () => {
    const lines = await renderTable({head, rows, ranks: declared, keep: ['start', 'start', 'end', 'start', 'start'], maxWidth: 80})
    expect(widest(lines)).toBeLessThanOrEqual(80)
    expect(lines[1]).toMatch(/^labels {10}ok {6}…\S*\/labels\.ndjson\.gz +165$/)
    expect(lines[2]).toMatch(/ …\S*\/merge_requests\.ndjson\.gz +249$/)
  })

  it('is left out after the other cuttable columns, wherever it stands', () => {
    const narrow = {head: ['item', 'error', 'result.path'], rows: rows.map(([item, , p, , error]) => [item!, error!, p!]), maxWidth: 30}
    expect(layoutTable({...narrow, ranks: ['never', 'first', 'last']}).shown).toEqual([0, 2])
    expect(layoutTable({...narrow, ranks: ['never', 'first', 'first']}).shown).toEqual([0, 1])
  })
})

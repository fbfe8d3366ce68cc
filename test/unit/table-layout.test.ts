// Fitting tables to the terminal (issue 14, points 1 and 7): display widths of wide and combining
// characters, which columns are cut or left out, and that every line fits and stays aligned.
import {describe, expect, it} from 'vitest'
import {cutToWidth, displayWidth} from '../../src/core/output/display-width.js'
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
    for (const field of ['id', 'iid', 'name', 'username', 'state', 'status', 'key', 'commit.short_id', 'project_id', 'slug']) expect(cutRank(field)).toBe('never')
    for (const field of ['url', 'description', 'last_error', 'platform_orchestrator.api_url', 'note', 'link.markdown', 'file_path']) expect(cutRank(field)).toBe('first')
    for (const field of ['color', 'scopes', 'created_at', 'title']) expect(cutRank(field)).toBe('later')
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
    expect(widths[2] + widths[3]).toBe(100 - 4 - 24 - 7 - 8)
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

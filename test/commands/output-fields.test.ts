// --columns and --sort name fields: one the records do not have exits 2 before anything is printed,
// and names the fields there are (issue 14, point 2). They pick the fields in every format, json, ndjson
// and yaml included, in the order given (issue 25, point 3).
import {describe, expect, it} from 'vitest'
import {OUTPUT_FORMATS} from '../../src/core/output/formats.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({seedLabels: 30})

const LABEL_FIELDS = 'id, name, color, text_color, description, description_html, open_issues_count, closed_issues_count, open_merge_requests_count, subscribed, priority, is_project_label'

describe('unknown fields in --columns and --sort', () => {
  it("csv with an unknown column exits 2, prints nothing, and lists the records' fields", async () => {
    const result = await sb.run(['labels', 'list', '-p', '20', '-o', 'csv', '--columns', 'name,nonexistent'])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(`Error: --columns: no field "nonexistent"; available: ${LABEL_FIELDS}\n`)
  })

  it('an unknown --sort field exits 2 in every format, descending too', async () => {
    for (const format of ['json', 'table', 'yaml']) {
      const result = await sb.run(['labels', 'list', '-p', '20', '-o', format, '--sort', '-nonexist'])
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(/^Error: --sort: no field "nonexist"; available: id, name, /)
    }
  })

  it('a streamed list (--json --all) is checked against its first page and still prints nothing', async () => {
    const result = await sb.run(['labels', 'list', '-p', 'acme/website', '--all', '--per-page', '5', '--json', '--columns', 'nope'])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Error: --columns: no field "nope"; available: id, name, /)
    const good = await sb.run(['labels', 'list', '-p', 'acme/website', '--all', '--per-page', '5', '--json', '--columns', 'name'])
    expect(good.code).toBe(0)
    expect(good.json<unknown[]>()).toHaveLength(31)
  })

  it("an empty list is checked against the record type's declared fields", async () => {
    const empty = await sb.run(['labels', 'list', '-p', '20', '--search', 'no-such-label', '-o', 'csv', '--columns', 'name,nope'])
    expect(empty.code).toBe(2)
    expect(empty.stdout).toBe('')
    expect(empty.stderr).toBe(`Error: --columns: no field "nope"; available: ${LABEL_FIELDS}, archived\n`)
    const known = await sb.run(['labels', 'list', '-p', '20', '--search', 'no-such-label', '-o', 'csv', '--columns', 'name,archived', '--sort', 'priority'])
    expect(known.code).toBe(0)
    expect(known.stdout).toBe('name,archived\n')
  })

  it('a single record is checked too', async () => {
    const result = await sb.run(['labels', 'get', 'bug', '-p', '20', '-o', 'table', '--columns', 'name,colour'])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Error: --columns: no field "colour"; available: id, name, color, /)
  })

  it('after a change, a wrong name exits 1 and says the change was made (exit 2 means nothing was sent)', async () => {
    const result = await sb.run(['labels', 'create', 'fields-made', '--color', '#ffffff', '-p', '20', '-o', 'csv', '--columns', 'name,nope'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^Error: --columns: no field "nope"; available: id, name, .* \(the change was made; only its output was refused\)\n$/)
    const labels = await sb.api<Array<{name: string}>>('GET', '/projects/20/labels')
    expect(labels.body.map(l => l.name)).toContain('fields-made')
    await sb.api('DELETE', '/projects/20/labels/fields-made')
  })

  it('dotted paths keep working, into objects and arrays, and a wrong nested name lists its siblings', async () => {
    const gates = await sb.run(['features', 'list', '-o', 'csv', '--columns', 'name,gates.key,definition.type', '--sort', 'name'], {as: 'admin'})
    expect(gates.code).toBe(0)
    expect(gates.stdout.split('\n')[0]).toBe('name,gates.key,definition.type')
    expect(gates.stdout).toMatch(/^new_merge_request_dashboard,"boolean, actors, percentage_of_time",/m)
    const wrong = await sb.run(['features', 'list', '-o', 'csv', '--columns', 'name,gates.nope'], {as: 'admin'})
    expect(wrong.code).toBe(2)
    expect(wrong.stdout).toBe('')
    expect(wrong.stderr).toBe('Error: --columns: no field "gates.nope"; available: gates.key, gates.value\n')
  })

  it('known fields still print as before', async () => {
    const result = await sb.run(['labels', 'list', '-p', '20', '-o', 'csv', '--columns', 'name,color', '--sort', '-name'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('name,color\npriority::high,#ff0000\nfeature,#5cb85c\nbug,#d9534f\n')
  })

  it('-q with --sort prints the handles in that order, not the JSON', async () => {
    const json = await sb.run(['labels', 'list', '-p', '20', '--json', '--sort', '-name'])
    const result = await sb.run(['labels', 'list', '-p', '20', '-q', '--sort', '-name'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(
      json
        .json<Array<{id: number}>>()
        .map(label => `${label.id}\n`)
        .join(''),
    )
    expect(result.stdout).toMatch(/^(\d+\n){3}$/)
  })
})

describe("--columns that names no field (a script's unset variable)", () => {
  it('is refused in every format, -q and a write included, before any request, exit 2', async () => {
    for (const columns of ['', ',', ' , ']) {
      for (const extra of [['--json'], ['-o', 'yaml'], ['-o', 'ndjson'], ['-o', 'table'], ['-o', 'csv'], ['-q']]) {
        const {result, requests} = await sb.runCounted(['labels', 'list', '-p', '20', ...extra, '--columns', columns])
        expect(result.code, `${extra.join(' ')} --columns ${JSON.stringify(columns)}`).toBe(2)
        expect(result.stdout).toBe('')
        expect(result.stderr).toBe(`Error: --columns ${JSON.stringify(columns)}: name at least one field, comma-separated (id,name)\n`)
        expect(requests).toBe(0)
      }
    }
    const create = await sb.runCounted(['labels', 'create', 'never-made', '--color', '#fff', '-p', '20', '--json', '--columns', ''], {as: 'maintainer'})
    expect(create.result.code).toBe(2)
    expect(create.requests).toBe(0)
  })
})

describe('--columns in every format (issue 25, point 3)', () => {
  it('json, ndjson and yaml keep only the fields named, in the order named', async () => {
    const json = await sb.run(['labels', 'list', '-p', '20', '-o', 'json', '--columns', 'color,name'])
    expect(json.code).toBe(0)
    expect(json.json()).toEqual([
      {color: '#d9534f', name: 'bug'},
      {color: '#5cb85c', name: 'feature'},
      {color: '#ff0000', name: 'priority::high'},
    ])
    expect(Object.keys(json.json<object[]>()[0]!)).toEqual(['color', 'name'])
    const ndjson = await sb.run(['labels', 'list', '-p', '20', '-o', 'ndjson', '--columns', 'name,color'])
    expect(ndjson.stdout).toBe('{"name":"bug","color":"#d9534f"}\n{"name":"feature","color":"#5cb85c"}\n{"name":"priority::high","color":"#ff0000"}\n')
    const yaml = await sb.run(['labels', 'list', '-p', '20', '-o', 'yaml', '--columns', 'name', '--sort', '-name'])
    expect(yaml.stdout).toBe('- name: priority::high\n- name: feature\n- name: bug\n')
    const short = await sb.run(['labels', 'list', '-p', '20', '--json', '--columns', 'name'])
    expect(short.json()).toEqual([{name: 'bug'}, {name: 'feature'}, {name: 'priority::high'}])
  })

  it('a streamed list (--all) is pruned page by page', async () => {
    const result = await sb.run(['labels', 'list', '-p', 'acme/website', '--all', '--per-page', '5', '-o', 'ndjson', '--columns', 'id,name'])
    expect(result.code).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(31)
    for (const line of lines) expect(Object.keys(JSON.parse(line) as object)).toEqual(['id', 'name'])
    const json = await sb.run(['labels', 'list', '-p', 'acme/website', '--all', '--per-page', '5', '--json', '--columns', 'name'])
    expect(json.json<object[]>().every(label => Object.keys(label).join() === 'name')).toBe(true)
  })

  it('a single record keeps only the fields named, in every data format', async () => {
    const json = await sb.run(['labels', 'get', 'bug', '-p', '20', '--json', '--columns', 'name,color'])
    expect(json.stdout).toBe('{\n  "name": "bug",\n  "color": "#d9534f"\n}\n')
    const ndjson = await sb.run(['labels', 'get', 'bug', '-p', '20', '-o', 'ndjson', '--columns', 'color'])
    expect(ndjson.stdout).toBe('{"color":"#d9534f"}\n')
    const yaml = await sb.run(['labels', 'get', 'bug', '-p', '20', '-o', 'yaml', '--columns', 'color,name'])
    expect(yaml.stdout).toBe('color: "#d9534f"\nname: bug\n')
  })

  it('nested fields keep their place in the record, through lists too', async () => {
    const result = await sb.run(['features', 'list', '--json', '--columns', 'gates.key,name', '--sort', 'name'], {as: 'admin'})
    expect(result.code).toBe(0)
    const dashboard = result.json<Array<{name: string}>>().find(f => f.name === 'new_merge_request_dashboard')
    expect(dashboard).toEqual({gates: [{key: 'boolean'}, {key: 'actors'}, {key: 'percentage_of_time'}], name: 'new_merge_request_dashboard'})
  })

  it('-q prints the fields named instead of the handle, tab-separated', async () => {
    const one = await sb.run(['labels', 'list', '-p', '20', '-q', '--columns', 'name'])
    expect(one.stdout).toBe('bug\nfeature\npriority::high\n')
    const two = await sb.run(['labels', 'list', '-p', '20', '-q', '--columns', 'name,color', '--sort', '-name'])
    expect(two.stdout).toBe('priority::high\t#ff0000\nfeature\t#5cb85c\nbug\t#d9534f\n')
    const record = await sb.run(['labels', 'get', 'bug', '-p', '20', '-q', '--columns', 'color'])
    expect(record.stdout).toBe('#d9534f\n')
    const wrong = await sb.run(['labels', 'list', '-p', '20', '-q', '--columns', 'nope'])
    expect(wrong.code).toBe(2)
    expect(wrong.stdout).toBe('')
  })

  it('a token shown once stays in the json whatever the columns', async () => {
    const result = await sb.run(['tokens', 'create', '-u', '3', '--name', 'picked', '--scope', 'api', '--json', '--columns', 'id,name'], {as: 'admin'})
    expect(result.code).toBe(0)
    const token = result.json<Record<string, unknown>>()
    expect(Object.keys(token)).toEqual(['id', 'name', 'token'])
    expect(token.token).toMatch(/^glpat-/)
  })
})

describe('--sort in every format', () => {
  // -o ndjson --sort printed a table: the printer's if-chains knew ndjson only as a stream (issue 38)
  it.each(OUTPUT_FORMATS)('-o %s prints the sorted list in the format asked for, as many lines as unsorted', async format => {
    const unsorted = await sb.run(['labels', 'list', '-p', '20', '-o', format])
    const sorted = await sb.run(['labels', 'list', '-p', '20', '-o', format, '--sort', '-name'])
    expect(sorted.code).toBe(0)
    expect(sorted.stdout.split('\n')).toHaveLength(unsorted.stdout.split('\n').length)
    expect(sorted.stdout.split('\n')[0]?.startsWith('{')).toBe(unsorted.stdout.startsWith('{'))
  })
})

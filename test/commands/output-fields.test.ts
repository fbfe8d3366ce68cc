// --columns and --sort name fields: one the records do not have exits 2 before anything is printed,
// and names the fields there are (issue 14, point 2).
import {describe, expect, it} from 'vitest'
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

// --jq EXPR: the API's JSON through jq itself, as `gh --jq`: strings raw, other values as compact JSON,
// one result per line (issue 14, point 3).
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({seedLabels: 30})

describe('--jq', () => {
  it('filters a list: strings print raw, one per line', async () => {
    const result = await sb.run(['labels', 'list', '-p', '20', '--jq', '.[].name'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('bug\nfeature\npriority::high\n')
  })

  it('writes a raw string exactly into a pipe, control characters and all', async () => {
    await sb.api('POST', '/projects/22/labels', {body: {name: 'tab\there\u001b[1m', color: 'red'}, as: 'admin'})
    const result = await sb.run(['labels', 'list', '-p', '22', '--jq', '.[] | select(.name | startswith("tab")) | .name'], {as: 'admin'})
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('tab\there\u001b[1m\n')
  })

  it('prints other values as compact JSON, one result per line', async () => {
    const result = await sb.run(['labels', 'list', '-p', '20', '--jq', '.[] | {name, priority}, .id'])
    const api = await sb.api<Array<{id: number; name: string; priority?: number | null}>>('GET', '/projects/20/labels')
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(api.body.map(l => `${JSON.stringify({name: l.name, priority: l.priority ?? null})}\n${l.id}\n`).join(''))
  })

  it('filters a single record', async () => {
    const result = await sb.run(['labels', 'get', 'bug', '-p', '20', '--jq', '.color'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('#d9534f\n')
  })

  it('sees the whole list with --all: the pages are collected into one array', async () => {
    let result: Awaited<ReturnType<typeof sb.run>> | undefined
    const requests = await sb.countRequests(async () => {
      result = await sb.run(['labels', 'list', '-p', 'acme/website', '--all', '--per-page', '10', '--jq', 'length, .[-1].name'])
    })
    expect(result!.code).toBe(0)
    expect(result!.stdout).toBe('31\npriority::high\n')
    expect(requests).toBeGreaterThan(1)
  })

  it('is given the JSON whatever -o the profile or terminal would choose, and --sort sorts what it sees', async () => {
    const result = await sb.run(['labels', 'list', '-p', '20', '--json', '--sort', '-name', '--jq', 'map(.name) | join(",")'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('priority::high,feature,bug\n')
  })

  it("a bad expression exits 2 with jq's message on one line, before any request", async () => {
    const {result, requests} = await sb.runCounted(['labels', 'list', '-p', '20', '--jq', '.[] | .name |'])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe('Error: --jq: syntax error, unexpected end of file (Unix shell quoting issues?) at <top-level>, line 1\n')
    expect(requests).toBe(0)
    const undefinedName = await sb.run(['labels', 'list', '-p', '20', '--jq', 'nosuchfn'])
    expect(undefinedName.code).toBe(2)
    expect(undefinedName.stderr).toBe('Error: --jq: nosuchfn/0 is not defined at <top-level>, line 1\n')
  })

  it('a command that changes something sends nothing when the expression is bad', async () => {
    const {result, requests} = await sb.runCounted(['labels', 'create', 'jq-never', '--color', '#ffffff', '-p', '20', '--jq', '.['])
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
  })

  it("an error while filtering is about the data: exit 1, jq's message, nothing on stdout", async () => {
    const result = await sb.run(['labels', 'list', '-p', '20', '--jq', '.[0].id.x'])
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe('Error: --jq: Cannot index number with string "x"\n')
  })

  it('a filter that fails on the answer to a change says the change was made', async () => {
    const result = await sb.run(['labels', 'create', 'jq-made', '--color', '#ffffff', '-p', '20', '--jq', '.id.x'])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('Error: --jq: Cannot index number with string "x" (the change was made; only its output was refused)\n')
    expect((await sb.api<Array<{name: string}>>('GET', '/projects/20/labels')).body.map(l => l.name)).toContain('jq-made')
    await sb.api('DELETE', '/projects/20/labels/jq-made')
  })

  it('refuses flags that choose another output shape', async () => {
    for (const [args, message] of [
      [['-o', 'csv'], '--jq filters JSON: it cannot be used with -o csv'],
      [['--columns', 'name'], '--jq cannot be used with --columns: pick the fields in the expression ({id, name})'],
      [['-q'], '--jq cannot be used with -q: select the IDs in the expression (.[].id)'],
    ] as const) {
      const result = await sb.run(['labels', 'list', '-p', '20', '--jq', '.', ...args])
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(`Error: ${message}\n`)
    }
  })
})

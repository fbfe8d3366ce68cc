// Issue 37 item 3: the formats a command cannot print are refused in one place (BaseCommand.outputs,
// src/core/output/output-spec.ts), with one line and exit 2 before any request; those it can print go
// through the one printer. The walk over every command is output-flags-walk.test.ts; these are the
// cases the issue names, and the plan's secrets in every format it now prints.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse as parseYaml} from 'yaml'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const folder = mkdtempSync(join(tmpdir(), 'forgectl-output-refused-'))
const state = join(folder, 'acme.yaml')
writeFileSync(state, 'version: 1\nprojects:\n  acme/website:\n    labels:\n      formats: {color: red, description: {env: STATE_FORMATS_NOTE}}\n')
const env = {STATE_FORMATS_NOTE: 'note-not-to-print-5c1d'}

describe('a format a command cannot print is refused, never ignored', () => {
  it.each([
    [['apply', '-f', state, '--yes', '-o', 'csv'], /^Error: -o csv: apply does not print csv \(it prints each change with its outcome\); it takes -o table, json, yaml, ndjson$/],
    [['apply', '-f', state, '--yes', '--sort', 'id'], /^Error: --sort: apply does not take it/],
    [['plan', '-f', state, '-o', 'csv'], /^Error: -o csv: plan does not print csv \(it prints a plan, not records\); it takes -o table, json, yaml, ndjson$/],
    [['plan', '-f', state, '--columns', 'nosuch'], /^Error: --columns: plan does not take it/],
    [['plan', '-f', state, '--sort', 'name'], /^Error: --sort: plan does not take it/],
    [['export', '-p', 'acme/website', '-o', 'csv'], /^Error: -o csv: export does not print csv \(it prints a state file, not records\); it takes -o yaml, json, ndjson$/],
    [['export', '-p', 'acme/website', '-o', 'table'], /^Error: -o table: export does not print table/],
    [['config', 'path', '-o', 'csv'], /^Error: -o csv: config path does not print csv/],
    [['auth', 'token', '--columns', 'token'], /^Error: --columns: auth token does not take it/],
    // no rows: no header to leave out, no cell to cut (plan --no-header printed the plan and exited 0)
    [['plan', '-f', state, '--no-header'], /^Error: --no-header: plan does not take it \(it prints a plan, not records\)$/],
    [['apply', '-f', state, '--yes', '--wide'], /^Error: --wide: apply does not take it/],
    [['export', '-p', 'acme/website', '--no-header'], /^Error: --no-header: export does not take it/],
    [['config', 'path', '--wide'], /^Error: --wide: config path does not take it/],
    // refused before it starts: a server that runs until stopped would otherwise never end this test
    [['sandbox', '-o', 'yaml'], /^Error: -o yaml: sandbox does not print yaml \(it prints its URL and tokens\); it takes -o table, json$/],
  ])('%j', async (args, message) => {
    const {result, requests} = await sb.runCounted(args, {as: 'admin', env, cwd: folder})
    expect(result.stderr.trim()).toMatch(message)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect([result.code, result.stdout, requests]).toEqual([2, '', 0])
  })
})

describe('the formats plan prints go through the printer', () => {
  it('-o yaml, -o ndjson and --jq print the data --json prints, the secret as (sensitive)', async () => {
    const json = (await sb.run(['plan', '-f', state, '--json'], {as: 'admin', env})).json<Record<string, unknown>>()
    expect(json.changes).toHaveLength(1)
    const yaml = await sb.run(['plan', '-f', state, '-o', 'yaml'], {as: 'admin', env})
    expect(yaml.code).toBe(0)
    expect(parseYaml(yaml.stdout)).toEqual(json)
    const ndjson = await sb.run(['plan', '-f', state, '-o', 'ndjson'], {as: 'admin', env})
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map(line => JSON.parse(line)),
    ).toEqual([json])
    const jq = await sb.run(['plan', '-f', state, '--jq', '.changes[0].action'], {as: 'admin', env})
    expect(jq.stdout).toBe('create\n')
    for (const run of [yaml, ndjson]) {
      expect(run.stdout).toContain('(sensitive)')
      expect(run.stdout).not.toContain(env.STATE_FORMATS_NOTE)
    }
  })

  it('prints the plan as text by default, in a pipe too, whatever format the profile prefers', async () => {
    expect((await sb.run(['config', 'set', 'output', 'json'])).code).toBe(0)
    const run = await sb.run(['plan', '-f', state], {as: 'admin', env})
    expect(run.stdout).toMatch(/^project acme\/website\n {2}\+ labels formats:/)
  })
})

describe('apply as data: each change with its outcome (like terraform apply -json)', () => {
  const fresh = (name: string) => {
    const path = join(folder, `${name}.yaml`)
    writeFileSync(path, `version: 1\nprojects:\n  acme/website:\n    labels:\n      ${name}: {color: red, description: {env: STATE_FORMATS_NOTE}}\n`)
    return path
  }

  it('--json: the changes plan --json shows, each with its outcome; the plan to stderr, the summary too', async () => {
    const file = fresh('as-json')
    const planned = (await sb.run(['plan', '-f', file, '--json'], {as: 'admin', env})).json<{changes: Array<Record<string, unknown>>}>()
    const applied = await sb.run(['apply', '-f', file, '--yes', '--json'], {as: 'admin', env})
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.json()).toEqual(planned.changes.map(change => ({...change, outcome: 'done'})))
    expect(applied.stdout).not.toContain(env.STATE_FORMATS_NOTE)
    expect(applied.stderr).toMatch(/\+ labels as-json[\s\S]*Applied: 1 done, 0 not done/)
    // applied again: nothing to do, an empty list
    const again = await sb.run(['apply', '-f', file, '--yes', '--json'], {as: 'admin', env})
    expect([again.code, again.json()]).toEqual([0, []])
  })

  it('-o ndjson: one line per change; a failed change says why and the exit status says so', async () => {
    const file = fresh('as-lines')
    sb.sandbox.faults.push({method: 'POST', path: '^/projects/[^/]+/labels$', kind: 'status', status: 400, times: 1})
    const applied = await sb.run(['apply', '-f', file, '--yes', '-o', 'ndjson'], {as: 'admin', env})
    sb.sandbox.faults.splice(0)
    const lines = applied.stdout
      .trim()
      .split('\n')
      .map(line => JSON.parse(line) as {id: string; action: string; outcome: string; error?: string})
    expect(lines.map(({id, action, outcome}) => ({id, action, outcome}))).toEqual([{id: 'as-lines', action: 'create', outcome: 'failed'}])
    expect(lines[0]!.error).toMatch(/400/)
    expect(applied.code).not.toBe(0)
  })

  it('-q --json --yes: the handle of each change applied; the plan, a message no one answers, stays off stderr', async () => {
    const applied = await sb.run(['apply', '-f', fresh('as-quiet'), '--yes', '-q', '--json'], {as: 'admin', env})
    expect([applied.code, applied.stdout, applied.stderr]).toEqual([0, 'as-quiet\n', ''])
  })

  it('--dry-run --jq: not sent, picked by jq', async () => {
    const applied = await sb.run(['apply', '-f', fresh('as-jq'), '--yes', '--dry-run', '--jq', '.[] | .id + " " + .outcome'], {as: 'admin', env})
    expect([applied.code, applied.stdout]).toEqual([0, 'as-jq not sent\n'])
  })
})

// The binary itself: `bin/run.js` as its own process ends with the documented exit status and writes
// the same bytes as the in-process runner that most command tests use (test/helpers/in-process.ts).
// One case per exit status and per path through oclif's and forgectl's error handling, standard
// input, warnings and a trace: were the runner to drift from the binary, these would tell. And the stack
// that FORGECTL_DEBUG prints, which names src/ through the bundle's source map.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {type RunResult, runCli} from '../helpers/cli.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

interface Case {
  args: string[]
  options?: SandboxRunOptions
  code: number
  /** what makes the case worth comparing (so that two equally empty outputs do not pass) */
  shows: RegExp
}

const CASES: Record<string, Case> = {
  'a list': {args: ['labels', 'list', '-p', '20', '--json'], code: 0, shows: /"name": "bug"/},
  'a table': {args: ['labels', 'list', '-p', '20', '-o', 'table'], code: 0, shows: /^id\s+name\s/},
  help: {args: ['labels', 'create', '--help'], code: 0, shows: /USAGE\n {2}\$ forgectl labels create/},
  'the version': {args: ['--version'], code: 0, shows: /forgectl\/0\.1\.0/},
  'root help': {args: [], code: 0, shows: /^USAGE\n {2}\$ forgectl \[COMMAND\]/m},
  'an unknown command': {args: ['lables', 'list'], code: 2, shows: /^Error: /},
  "an unknown flag (oclif's parse error)": {args: ['labels', 'list', '-p', '20', '--bogus'], code: 2, shows: /--bogus/},
  'words a command does not take': {args: ['labels', 'list', '-p', '20', 'extra', 'words'], code: 2, shows: /^Usage: /m},
  'a missing input': {args: ['labels', 'create', '-p', '20'], code: 2, shows: /NAME/},
  "a failure of the server's (404)": {args: ['labels', 'get', 'no-such-label', '-p', '20'], code: 3, shows: /404 Not Found/},
  'no token (401)': {args: ['labels', 'list', '-p', '20'], options: {as: null}, code: 4, shows: /401/},
  'a forbidden request (403)': {args: ['deploy-keys', 'list'], options: {as: 'maintainer'}, code: 5, shows: /403 Forbidden/},
  'a conflict (409)': {args: ['labels', 'create', 'bug', '--color', 'red', '-p', '20'], options: {as: 'maintainer'}, code: 6, shows: /409|already/},
  'standard input (-)': {
    args: ['api', 'POST', '/projects/20/labels', '--input', '-'],
    options: {as: 'maintainer', stdin: '{"name": "bytes-from-stdin", "color": "blue"}'},
    code: 6,
    shows: /409|already/,
  },
  "a warning of forgectl's": {args: ['milestones', 'list', '-g', 'acme', '--include-parent-milestones', '--json'], code: 0, shows: /^Warning: /m},
  'a dry run': {args: ['labels', 'delete', 'bug', '-p', '20', '--dry-run'], code: 0, shows: /DELETE/},
  'a refusal without a terminal': {args: ['labels', 'delete', 'bug', '-p', '20'], code: 2, shows: /--yes/},
}

const bytes = ({code, stdout, stderr}: RunResult) => ({code, stdout, stderr})

describe('the binary and the in-process runner', () => {
  // the label that the standard-input case makes first, so that both runs meet the same conflict
  it('(setup) a label made from standard input', async () => {
    const made = await sb.run(['api', 'POST', '/projects/20/labels', '--input', '-'], CASES['standard input (-)']!.options)
    expect(made.code, made.stderr).toBe(0)
    expect(made.json()).toMatchObject({name: 'bytes-from-stdin'})
  })

  for (const [name, {args, options, code, shows}] of Object.entries(CASES)) {
    it(`agree on ${name}: exit ${code}, the same stdout and stderr`, async () => {
      const spawned = await sb.run(args, {...options, spawn: true})
      expect(spawned.code, spawned.stderr).toBe(code)
      expect(spawned.stdout + spawned.stderr).toMatch(shows)
      expect(bytes(await sb.run(args, options))).toEqual(bytes(spawned))
    })
  }

  it('agree on a trace (--verbose) but for the times it measures', async () => {
    const times = (text: string) => text.replace(/\d+(\.\d+)? ?ms\b/g, 'N ms')
    const args = ['labels', 'get', 'bug', '-p', '20', '--verbose', '--json']
    const spawned = await sb.run(args, {spawn: true})
    expect(spawned.code, spawned.stderr).toBe(0)
    expect(spawned.stderr).toMatch(/^> GET /m)
    const inProcess = await sb.run(args)
    expect({...bytes(inProcess), stderr: times(inProcess.stderr)}).toEqual({...bytes(spawned), stderr: times(spawned.stderr)})
  })
})

describe('FORGECTL_DEBUG', () => {
  it("prints an unexpected error's stack with src/ files and lines, through dist/runtime.cjs.map", async () => {
    // a settings folder that cannot be made (under a file): an error forgectl does not expect
    const configDir = join(mkdtempSync(join(tmpdir(), 'forgectl-debug-')), 'a-file')
    writeFileSync(configDir, '')
    const args = ['config', 'set', 'host', 'https://forge.example']
    const plain = await runCli(args, {spawn: true, env: {FORGECTL_CONFIG_DIR: join(configDir, 'forgectl')}})
    expect(plain).toMatchObject({code: 1, stdout: ''})
    expect(plain.stderr).toBe(`Error: ENOTDIR: not a directory, lstat '${join(configDir, 'forgectl')}'\n`)
    const debug = await runCli(args, {spawn: true, env: {FORGECTL_CONFIG_DIR: join(configDir, 'forgectl'), FORGECTL_DEBUG: '1'}})
    expect(debug.code).toBe(1)
    expect(debug.stderr.startsWith(plain.stderr)).toBe(true)
    expect(debug.stderr).toMatch(/^ {4}at \S+ \(.*\/src\/core\/config\/config-store\.ts:\d+:\d+\)$/m)
    expect(debug.stderr).toMatch(/^ {4}at \S+ \(.*\/src\/commands\/config\/set\.ts:\d+:\d+\)$/m)
    expect(debug.stderr).not.toContain('runtime.cjs')
  })
})

// The help a newcomer reads (issue 14, point 5): the root help groups topics by what they administer,
// a command's USAGE line shows its own flags and [GLOBAL FLAGS], and one completion system ships,
// which writes nothing to disk.
import {mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {OUTPUT_FORMATS} from '../../src/core/output/formats.js'
import {AREAS} from '../../src/help/root-help.js'
import {runCli} from '../helpers/cli.js'

const pjson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {oclif: {topics: Record<string, {description: string}>}; dependencies: Record<string, string>}

/** the lines of one section of a help text, without its heading */
function section(help: string, heading: string): string {
  const start = help.indexOf(`\n${heading}\n`)
  if (start < 0) throw new Error(`no ${heading} in:\n${help}`)
  const rest = help.slice(start + heading.length + 2)
  return rest.slice(0, rest.search(/\n\n[A-Z]|$/))
}

describe('the root help', () => {
  it('groups every topic and command by what it administers, in words, not document numbers', async () => {
    const {code, stdout} = await runCli(['--help'])
    expect(code).toBe(0)
    expect(stdout).not.toMatch(/document/i)
    for (const [title] of AREAS) expect(stdout).toContain(`\n${title}\n`)
    // nothing left over: every root topic and command found its area
    expect(stdout).not.toMatch(/\n(OTHER|TOPICS|COMMANDS)\n/)
    const rootTopics = Object.keys(pjson.oclif.topics).filter(t => !t.includes(':'))
    for (const name of [...rootTopics, 'api', 'sandbox', 'completion', 'help']) expect(stdout).toMatch(new RegExp(`\\n  ${name} `))
    expect(section(stdout, 'USERS, TOKENS AND KEYS')).toContain('tokens ')
    expect(section(stdout, 'REHEARSAL, COMPLETION AND HELP')).toContain('sandbox ')
  })

  it('describes each global flag once', async () => {
    const {stdout} = await runCli(['help'])
    expect(section(stdout, 'GLOBAL FLAGS: CONNECTION')).toContain('--ca-file=<value>   PEM file with CA certificates to trust')
    expect(section(stdout, 'GLOBAL FLAGS: OUTPUT')).toContain(`<options: ${OUTPUT_FORMATS.join('|')}>`)
  })

  it('has no document numbers in the topic descriptions', () => {
    expect(Object.values(pjson.oclif.topics).filter(t => /document/i.test(t.description))).toEqual([])
  })
})

describe("a command's help", () => {
  it.each([['labels', 'create'], ['labels', 'list'], ['branches', 'list'], ['tokens', 'rotate'], ['api']])('shows the own flags of %s %s in USAGE, then [GLOBAL FLAGS]', async (...command) => {
    const {code, stdout} = await runCli([...command, '--help'])
    expect(code).toBe(0)
    const usage = section(stdout, 'USAGE')
    expect(usage).toMatch(/ \[GLOBAL FLAGS\]$/)
    for (const global of ['--ca-file', '--host', '--json', '--columns', '-o ']) expect(usage).not.toContain(global)
    // every global flag is still named, and `forgectl help` describes it
    const globals = section(stdout, 'GLOBAL FLAGS')
    for (const global of ['--ca-file', '--host', '--json', '--columns', `-o, --output=${OUTPUT_FORMATS.join('|')}`]) expect(globals).toContain(global)
    expect(globals).toContain('"forgectl help"')
    expect(stdout).not.toContain('CONNECTION FLAGS')
  })

  it('names option values after the flag', async () => {
    const usage = section((await runCli(['labels', 'create', '--help'])).stdout, 'USAGE')
    expect(usage).toContain('-p PROJECT')
    expect(usage).toContain('--from-file FILE')
    expect(usage).not.toContain('<value>')
  })

  it('adds no [GLOBAL FLAGS] to a command without any', async () => {
    expect(section((await runCli(['completion', '--help'])).stdout, 'USAGE')).toBe('  $ forgectl completion SHELL')
  })
})

describe('one completion system', () => {
  it("drops oclif's autocomplete: the package, and the command but for a pointer to completion", async () => {
    expect(pjson.dependencies['@oclif/plugin-autocomplete']).toBeUndefined()
    for (const argv of [['autocomplete'], ['autocomplete', 'script', 'bash']]) {
      const {code, stdout, stderr} = await runCli(argv)
      expect({code, stdout}).toEqual({code: 2, stdout: ''})
      expect(stderr).toContain('forgectl autocomplete was replaced by forgectl completion: put `source <(forgectl completion bash)`')
    }
    expect((await runCli(['--help'])).stdout).not.toContain('autocomplete')
  })

  it('creates no cache folder, whatever runs', async () => {
    const home = mkdtempSync(join(tmpdir(), 'forgectl-home-'))
    const cache = mkdtempSync(join(tmpdir(), 'forgectl-xdg-cache-'))
    const env = {HOME: home, XDG_CACHE_HOME: cache, FORGECTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'forgectl-config-'))}
    for (const argv of [['--help'], ['labels', 'list', '--help'], ['completion', 'bash'], ['__complete', 'labels', 'li'], ['autocomplete', 'bash'], ['--version']]) {
      expect((await runCli(argv, {env})).code, argv.join(' ')).toBeLessThan(3)
    }
    expect(readdirSync(home)).toEqual([])
    expect(readdirSync(cache)).toEqual([])
  })
})

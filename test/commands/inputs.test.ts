// Inputs as a new user meets them (issue 13): empty values refused before sending, one "missing"
// message everywhere, -h, and --from-file honouring the single command's options.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const dir = mkdtempSync(join(tmpdir(), 'forgectl-inputs-'))

describe('empty values', () => {
  it.each([
    [['labels', 'create', '', '--color', 'red', '-p', '20'], 'NAME "": must not be empty'],
    [['labels', 'create', 'x', '--color', '', '-p', '20'], '--color "": must not be empty'],
    [['labels', 'list', '-p', ''], '--project "": must not be empty'],
    [['labels', 'list', '-g', ' '], '--group " ": must not be empty'],
    [['labels', 'update', 'bug', '--new-name', '', '-p', '20'], '--new-name "": must not be empty'],
    [['labels', 'get', '', '-p', '20'], 'LABEL "": must not be empty'],
  ])('%j is refused (exit 2), nothing sent', async (args, message) => {
    const {result, requests} = await sb.runCounted(args)
    expect(result.stderr).toBe(`Error: ${message}\n`)
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
  })

  it('--description "" clears a description where the help says so, and it is sent as ""', async () => {
    const help = await sb.run(['labels', 'update', '--help'])
    expect(help.stdout).toContain('new description ("" clears it)')
    await sb.api('POST', '/projects/20/labels', {as: 'maintainer', body: {name: 'described', color: 'red', description: 'soon gone'}})
    const result = await sb.run(['labels', 'update', 'described', '-p', '20', '--color', 'red', '--description', '', '--json'], {as: 'maintainer'})
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<{description: string | null}>().description ?? '').toBe('')
  })
})

describe('missing inputs, without a terminal', () => {
  it.each([
    [['labels', 'create', '-p', '20'], 'missing NAME (label name) and --color (label colour)\nUsage: forgectl labels create [NAME] [FLAGS]'],
    [['labels', 'create', 'x', '-p', '20'], 'missing --color (label colour)'],
    [['labels', 'get', '-p', '20'], 'missing LABEL (label ID or title)\nUsage: forgectl labels get LABEL [FLAGS]'],
    [['labels', 'list'], 'missing --project (-p) or --group (-g) (the project or group to act on: ID or full path)'],
    [['ci-variables', 'create', 'KEY_ONLY'], 'missing --value or --value-file (the value (a file is sent as read, trailing line break included))'],
  ])('%j: one line in one style (with the usage line when an argument is missing), exit 2, nothing sent', async (args, message) => {
    const {result, requests} = await sb.runCounted(args, {as: 'admin'})
    expect(result.stderr).toBe(`Error: ${message}\n`)
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
  })
})

describe('-h', () => {
  it.each([
    ['labels', 'create'],
    ['ci-variables', 'set'],
    ['features', 'set'],
    ['branches', 'unprotect'],
  ])('is help for %s %s, as --help is', async (topic, verb) => {
    const short = await sb.run([topic!, verb!, '-h'])
    const long = await sb.run([topic!, verb!, '--help'])
    expect(short.code).toBe(0)
    expect(short.stdout).toContain(`$ forgectl ${topic} ${verb}`)
    expect(short.stdout).toBe(long.stdout)
  })
})

describe('labels create --from-file', () => {
  const names = Array.from({length: 12}, (_, i) => `from-file-${i}`)
  const file = join(dir, 'labels.csv')
  writeFileSync(file, `name,color,description\n${names.map(n => `${n},teal,made from a file`).join('\n')}\n`)
  type Row = {item: string; status: string; error?: string}

  it('honours --dry-run: every record shown, nothing sent', async () => {
    const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', file, '-p', '20', '--dry-run', '--json'], {as: 'maintainer'})
    expect(result.code, result.stderr).toBe(0)
    expect(requests).toBe(0)
    expect(result.json<Row[]>().map(r => r.status)).toEqual(names.map(() => 'dry-run'))
    expect(result.stderr.match(/^DRY RUN POST /gm)).toHaveLength(names.length)
  })

  it('with --if-not-exists runs again: created the first time, already there the second, exit 0 both times', async () => {
    const first = await sb.run(['labels', 'create', '--from-file', file, '-p', '20', '--if-not-exists', '--concurrency', '3', '--json'], {as: 'maintainer'})
    expect(first.code, first.stderr).toBe(0)
    expect(first.json<Row[]>().map(r => [r.item, r.status])).toEqual(names.map(n => [n, 'created']))
    const again = await sb.run(['labels', 'create', '--from-file', file, '-p', '20', '--if-not-exists', '--json'], {as: 'maintainer'})
    expect(again.code, again.stderr).toBe(0)
    expect(again.json<Row[]>().map(r => [r.item, r.status])).toEqual(names.map(n => [n, 'already there']))
    // without it, the same run fails each record with the server's 409
    const plain = await sb.run(['labels', 'create', '--from-file', file, '-p', '20', '--json'], {as: 'maintainer'})
    expect(plain.code).not.toBe(0)
    expect(plain.json<Row[]>().every(r => r.status === 'failed' && /409/.test(r.error ?? ''))).toBe(true)
  })

  it.each([
    ['repeated.csv', 'name,color,name\nfirst,red,second\n', 'repeated.csv: column "name" appears twice in the header row (columns 1 and 3)'],
    ['spaced.csv', 'name, color ,color\nx,red,blue\n', 'spaced.csv: column "color" appears twice in the header row (columns 2 and 3)'],
    ['repeated.yaml', '- name: first\n  color: red\n  name: second\n', 'repeated.yaml is not valid YAML: Map keys must be unique'],
    // an unquoted comma: the description was cut to "broken" and " badly" dropped
    [
      'comma.csv',
      'name,color,description\nok,red,fine\nbug,red,broken, badly\n',
      'comma.csv: record 2 has 4 cells, more than the 3 columns of the header row: quote a value that holds a comma ("a, b")',
    ],
  ])('refuses %s, whose records name a field twice or hold a cell of no column: one line, exit 2, nothing sent', async (name, text, message) => {
    const twice = join(dir, name)
    writeFileSync(twice, text)
    const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', twice, '-p', '20'], {as: 'maintainer'})
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
    expect(result.stderr).toMatch(/^Error: [^\n]*\n$/)
    expect(result.stderr).toContain(message)
  })

  it('takes the empty columns a spreadsheet leaves at the end of its rows', async () => {
    const trailing = join(dir, 'trailing.csv')
    writeFileSync(trailing, 'name,color,,\ntrailing-columns,red,,\nmore-columns,red,,,,\n')
    const result = await sb.run(['labels', 'create', '--from-file', trailing, '-p', '20', '--dry-run', '--json'], {as: 'maintainer'})
    expect(result.code, result.stderr).toBe(0)
  })

  it('refuses a record with a field the endpoint does not take, naming the fields it does', async () => {
    const typo = join(dir, 'typo.json')
    writeFileSync(typo, JSON.stringify([{name: 'typo', colour: 'red'}]))
    const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', typo, '-p', '20'], {as: 'maintainer'})
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
    expect(result.stderr).toContain('record 1: unknown field "colour" (fields: name, color, description, priority, archived)')
  })
})

describe('files that are not files', () => {
  it.each([
    [['labels', 'create', '--from-file', '/dev/zero', '-p', '20'], 'cannot read --from-file /dev/zero: larger than 32 MB, the limit of a file forgectl reads (FORGECTL_MAX_FILE_MB raises it)'],
    [['ci-variables', 'create', 'ENDLESS', '--value-file', '/dev/zero'], 'cannot read --value-file /dev/zero: larger than 64 MB, more than an input may hold'],
    [['labels', 'create', '--from-file', dir, '-p', '20'], `cannot read --from-file ${dir}: EISDIR`],
    [['labels', 'list', '-p', '20', '--ca-file', join(dir, 'missing.pem')], `cannot read the CA file ${join(dir, 'missing.pem')}: ENOENT`],
    [['api', 'POST', '/x', '-F', `key=@${join(dir, 'missing.txt')}`], `cannot read ${join(dir, 'missing.txt')}: ENOENT`],
  ])('%j: one line, exit 2, nothing sent', async (args, message) => {
    const {result, requests} = await sb.runCounted(args, {as: 'maintainer'})
    expect(result.stderr).toBe(`Error: ${message}\n`)
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
  })
})

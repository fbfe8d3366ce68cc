// Issue 37 item 3: every output flag a command takes is honoured, or refused, never ignored. `apply
// --json`, `plan -o yaml`, `export -o csv` … exited 0 and printed text. This walk runs every command
// that takes the shared output flags (src/core/input/flags.ts, outputFlags) once per flag, with its
// first help example (as help-examples.test.ts runs them), each flag in a sandbox of its own so that
// every flag meets the same records. Each run either prints the format asked for, or is refused: exit
// 2, one line, nothing on stdout and, for a format, nothing sent. The same for the flags that shape
// records (wrongFormat says what each must show): -q, --no-header, --wide and --sort.
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {parse as parseYaml} from 'yaml'
import {sortRecords} from '../../src/core/output/format.js'
import {OUTPUT_FORMATS, type OutputFormat} from '../../src/core/output/formats.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {type Sandbox, startSandbox} from '../../src/sandbox/server.js'
import {freshConfigDir, type RunResult, runCli} from '../helpers/cli.js'
import {exampleFolder, examples, exampleWords, help, NOT_RUN} from '../helpers/examples.js'

const manifest = (await import('../../oclif.manifest.json', {with: {type: 'json'}})).default as {commands: Record<string, {globalFlags?: string[]}>}

/** every format but a person's table (formats.ts), then the filters, then the flags that shape records: -q, --no-header, --wide, --sort */
type Format = Exclude<OutputFormat, 'table'>
type Shaping = 'quiet' | 'no-header' | 'wide' | 'sort'
type Variant = Format | 'jq' | 'columns' | Shaping
const VARIANTS: readonly Variant[] = [...OUTPUT_FORMATS.filter((name): name is Format => name !== 'table'), 'jq', 'columns', 'quiet', 'no-header', 'wide', 'sort']

/** the output flags an example may already carry: taken out, so that each run asks for one format */
const OUTPUT_WITH_VALUE = new Set(['-o', '--output', '--jq', '--columns', '--sort'])
const OUTPUT_ALONE = new Set(['--json', '-q', '--quiet', '--no-header', '--wide'])
function withoutOutputFlags(words: string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    if (OUTPUT_WITH_VALUE.has(word)) i++
    else if (!OUTPUT_ALONE.has(word) && !/^(--output|--jq|--columns|--sort)=|^-o\w/.test(word)) kept.push(word)
  }
  return kept
}

/** per command that takes the output flags, the first of its examples the help-examples walk runs */
const walked: Array<[string, {example: string; words: string[]}]> = []
for (const [id, example] of examples) {
  if (!manifest.commands[id.replaceAll(' ', ':')]?.globalFlags?.includes('output') || walked.some(([seen]) => seen === id)) continue
  const words = exampleWords(example)
  if (words === undefined || Object.keys(NOT_RUN).some(prefix => words.join(' ').startsWith(prefix) || id === prefix)) continue
  walked.push([id, {example, words: withoutOutputFlags(words)}])
}

/** the runs' value once parsed, as far as its shape goes: the formats of one command must agree */
function shape(value: unknown): string {
  if (Array.isArray(value)) return `list of ${value.length}`
  if (value !== null && typeof value === 'object') return `record of ${Object.keys(value).sort().join(',')}`
  return typeof value
}

function parsesAs(text: string, parse: (text: string) => unknown): unknown {
  try {
    return {value: parse(text)}
  } catch {
    return undefined
  }
}

/** what the runs before this one found: the JSON run's value and first field, and the csv run's header (undefined: no csv, or no records) */
interface Seen {
  json?: {value: unknown}
  column: string
  /** the csv run was refused: the command prints no rows (no header to leave out, no cell to cut) */
  noRows: boolean
  header?: string
}

/** what is wrong with one run's stdout for the format or flag it asked for (undefined: nothing) */
function wrongFormat(variant: Variant, run: RunResult, {json, column, noRows, header}: Seen): string | undefined {
  const out = run.stdout
  // a command without rows takes neither --no-header nor --wide: a flag it cannot honour is refused
  if ((variant === 'no-header' || variant === 'wide') && noRows) return `--${variant} taken by a command that prints no rows`
  if (out === '' && variant !== 'quiet') return undefined
  const asJson = parsesAs(out, JSON.parse) as {value: unknown} | undefined
  switch (variant) {
    case 'json':
      return asJson ? undefined : 'not JSON'
    case 'ndjson':
      return out.split('\n').every(line => line === '' || parsesAs(line, JSON.parse)) ? undefined : 'not JSON lines'
    case 'yaml': {
      const yaml = parsesAs(out, parseYaml) as {value: unknown} | undefined
      if (!yaml) return 'not YAML'
      // text parses as YAML too (a string, or `acme/website: …` as a record): the YAML must say what the JSON says
      if (json && shape(yaml.value) !== shape(json.value)) return `YAML (${shape(yaml.value)}) that is not the JSON's data (${shape(json.value)})`
      return undefined
    }
    case 'csv': {
      if (json && (json.value === null || typeof json.value !== 'object')) return 'csv of a single value (no header can name it)'
      const header = out.split('\n')[0]!
      return /^[A-Za-z_][\w.]*(,[A-Za-z_][\w.]*)*$/.test(header) ? undefined : `no csv header (${JSON.stringify(header.slice(0, 60))})`
    }
    case 'jq':
      if (asJson || out.split('\n').every(line => line === '' || parsesAs(line, JSON.parse))) return undefined
      // a string prints raw: one line (the JSON run's value may differ: each flag has its own sandbox and settings)
      return json && typeof json.value === 'string' && /^[^\n]*\n$/.test(out) ? undefined : 'not what jq . prints'
    case 'columns': {
      if (!asJson) return 'not JSON (asked with --json)'
      const records = Array.isArray(asJson.value) ? asJson.value : [asJson.value]
      // a token shown once is never dropped by --columns (Printer.including): it cannot be read again
      const extra = records.flatMap(r => (r !== null && typeof r === 'object' ? Object.keys(r).filter(k => k !== column && k !== 'token') : []))
      return extra.length === 0 ? undefined : `--columns ${column} printed other fields (${[...new Set(extra)].slice(0, 5).join(', ')})`
    }
    case 'quiet': {
      // -q --json: no messages but warnings; handles, one per line, not the JSON; a command of one value or document (no csv) prints it whole
      const said = run.stderr.split('\n').filter(line => line !== '' && !line.startsWith('Warning:'))
      if (run.code === 0 && said.length > 0) return `messages on stderr with -q (${JSON.stringify(said[0]!.slice(0, 80))})`
      if (noRows) return undefined
      const lines = out.replace(/\n$/, '').split('\n')
      const records = Array.isArray(json?.value) ? json.value.length : 1
      if (lines.some(line => line.includes('\t') || typeof (parsesAs(line, JSON.parse) as {value: unknown} | undefined)?.value === 'object')) return 'not one handle per line'
      return lines.length <= Math.max(records, 1) ? undefined : `${lines.length} lines for ${records} records: not their handles`
    }
    case 'no-header':
      // --no-header -o csv: the rows alone, without the header the csv run printed first
      return header !== undefined && out.split('\n')[0] === header ? `the csv header (${header.slice(0, 60)}) printed with --no-header` : undefined
    case 'wide':
      // --wide -o table: whole cells (in a pipe a table is never cut either; a terminal's width is table-layout's tests')
      return out.includes('…') ? 'a cell cut with --wide' : undefined
    case 'sort': {
      // --sort FIELD --json: the records in that field's order, as sortRecords orders them
      if (!asJson) return 'not JSON (asked with --json)'
      if (!Array.isArray(asJson.value)) return undefined
      return JSON.stringify(sortRecords(asJson.value, column)) === JSON.stringify(asJson.value) ? undefined : `not in --sort ${column} order`
    }
    default: {
      // a format added to formats.ts without its check here fails the type-check
      const unchecked: never = variant
      return `no check for ${unchecked}`
    }
  }
}

function flagsOf(variant: Variant, {column, noRows}: Seen): string[] {
  // a command without rows is asked for the flag alone (its -o csv and -o table are refused for the format already)
  if (variant === 'no-header') return noRows ? ['--no-header'] : ['--no-header', '-o', 'csv']
  if (variant === 'wide') return noRows ? ['--wide'] : ['--wide', '-o', 'table']
  if (variant === 'quiet') return ['-q', '--json']
  if (variant === 'sort') return ['--sort', column, '--json']
  if (variant === 'json') return ['--json']
  if (variant === 'jq') return ['--jq', '.']
  if (variant === 'columns') return ['--columns', column, '--json']
  return ['-o', variant]
}

/** the first field of the first record the JSON run printed: one --columns may name */
function firstField(json: {value: unknown} | undefined): string {
  const value = json?.value
  const record = Array.isArray(value) ? value[0] : value
  return record !== null && typeof record === 'object' && Object.keys(record).length > 0 ? Object.keys(record)[0]! : 'id'
}

describe('every output flag of every command is honoured or refused (issue 37)', () => {
  const sandboxes = new Map<Variant, {sandbox: Sandbox; configDir: string; dir: string}>()
  beforeAll(async () => {
    for (const variant of VARIANTS) {
      const sandbox = await startSandbox({jobDelayMs: 150})
      sandboxes.set(variant, {sandbox, configDir: freshConfigDir(), dir: exampleFolder()})
      // the PDF export's example needs its feature flag, as in help-examples.test.ts
      const response = await fetch(`${sandbox.url}/api/v4/features/vulnerabilities_pdf_export`, {
        method: 'POST',
        headers: {'PRIVATE-TOKEN': TOKENS.admin, 'content-type': 'application/json'},
        body: '{"value":true}',
      })
      expect(response.status).toBe(201)
      // a stored host, for `config get host`
      expect((await runCli(['config', 'set', 'host', sandbox.url], {env: {FORGECTL_CONFIG_DIR: sandboxes.get(variant)!.configDir}})).code).toBe(0)
    }
  })
  afterAll(async () => {
    for (const {sandbox} of sandboxes.values()) await sandbox.close()
  })

  it('walks every command that takes the output flags', () => {
    expect(walked.length).toBeGreaterThan(120)
    expect(withoutOutputFlags(['labels', 'list', '-p', 'x', '--json', '-o', 'yaml', '--jq', '.[]', '-q'])).toEqual(['labels', 'list', '-p', 'x'])
  })

  it.each(walked.map(([id, {example, words}]) => [id, example, words] as const))('%s', async (id, example, words) => {
    const problems: string[] = []
    const seen: Seen = {column: 'id', noRows: false}
    for (const variant of VARIANTS) {
      const {sandbox, configDir, dir} = sandboxes.get(variant)!
      const asks = help.commands[id.replaceAll(' ', ':')]?.flags?.yes !== undefined && !words.includes('--yes') && !words.includes('-y')
      const stdin = /\| *<%=|< *\S/.test(example) ? 'piped-input-value' : undefined
      const args = [...(asks ? [...words, '--yes'] : words), ...flagsOf(variant, seen)].map(word => word.replace(/^~\//, `${dir}/`))
      const before = sandbox.requests.length
      const run = await runCli(args, {
        cwd: dir,
        stdin,
        env: {FORGECTL_HOST: sandbox.url, FORGECTL_TOKEN: TOKENS.admin, HOME: dir, FORGECTL_CONFIG_DIR: configDir},
      })
      const sent = sandbox.requests.length - before
      const said = `${args.join(' ')} → exit ${run.code}`
      if (run.code === 2) {
        // refused: one line, nothing printed, and a format refused before anything is sent (a --columns
        // or --sort field is checked against the records, so after the read)
        if (run.stdout !== '' || run.stderr.trim().split('\n').length !== 1) problems.push(`${said}: refused, but not with one line and nothing on stdout:\n${run.stderr}`)
        if (variant !== 'columns' && variant !== 'sort' && sent > 0) problems.push(`${said}: refused after ${sent} requests`)
      } else {
        const wrong = wrongFormat(variant, run, seen)
        if (wrong) problems.push(`${said}: ${wrong}:\n${run.stdout.slice(0, 300)}`)
      }
      if (variant === 'json' && run.code !== 2 && run.stdout !== '') {
        seen.json = parsesAs(run.stdout, JSON.parse) as {value: unknown} | undefined
        seen.column = firstField(seen.json)
      }
      if (variant === 'csv') {
        seen.noRows = run.code === 2 && sent === 0
        if (run.code === 0 && run.stdout !== '') seen.header = run.stdout.split('\n')[0]
      }
    }
    expect(problems, problems.join('\n\n')).toEqual([])
  })
})

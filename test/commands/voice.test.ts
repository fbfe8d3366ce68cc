// Issue 14, points 4 and 6: one voice for messages, -q prints the handle the next command takes,
// and tables show words where the API answers a numeric state. Issue 25, points 1 and 2: every
// command's command-line mistakes are one line in that voice, never the parser's.
import {readFileSync} from 'node:fs'
import {resolve} from 'node:path'
import {describe, expect, it} from 'vitest'
import {mayTakeSecretWord} from '../../src/core/input/input-flags.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const admin: SandboxRunOptions = {as: 'admin'}
const maintainer: SandboxRunOptions = {as: 'maintainer'}

type Row = Record<string, unknown>

/** the lines `-q` printed, and the field the same command's --json holds, in the same order */
async function quietAndJson(args: string[], field: string, options?: SandboxRunOptions): Promise<{quiet: string[]; json: string[]}> {
  const quiet = await sb.run([...args, '-q'], options)
  expect(quiet.code, quiet.stderr).toBe(0)
  const json = await sb.run([...args, '--json'], options)
  const body = json.json<Row | Row[]>()
  return {quiet: quiet.stdout.split('\n').filter(Boolean), json: (Array.isArray(body) ? body : [body]).map(r => String(r[field]))}
}

describe('success notes: one sentence on stderr, in a pipe too; -q silences all but warnings', () => {
  it('delete says what it deleted, and whose, on stderr only; -q says nothing', async () => {
    for (const name of ['voice-a', 'voice-b']) expect((await sb.api('POST', '/projects/20/labels', {as: 'maintainer', body: {name, color: '#000000'}})).status).toBe(201)
    const said = await sb.run(['labels', 'delete', 'voice-a', '-p', '20', '--yes'])
    expect(said.code, said.stderr).toBe(0)
    expect(said.stdout).toBe('')
    expect(said.stderr).toBe('Deleted label "voice-a" of project 20.\n')
    const quiet = await sb.run(['labels', 'delete', 'voice-b', '-p', '20', '--yes', '-q'])
    expect(quiet.code, quiet.stderr).toBe(0)
    expect(quiet.stdout + quiet.stderr).toBe('')
    expect((await sb.api('GET', '/projects/20/labels/voice-b')).status).toBe(404)
  })

  it('a name is quoted, a number is not; nothing changed has its own shape', async () => {
    const created = await sb.run(['ci-variables', 'set', 'VOICE_KEY', '--value', 'x'], admin)
    expect(created.stderr).toBe('Created instance CI/CD variable "VOICE_KEY".\n')
    await sb.run(['labels', 'subscribe', 'bug', '-p', '20'])
    const again = await sb.run(['labels', 'subscribe', 'bug', '-p', '20', '-o', 'json'])
    expect(again.stderr).toBe('Nothing changed: you were already subscribed to label "bug".\n')
    expect(again.json<Row>().name).toBe('bug')
    const silent = await sb.run(['labels', 'subscribe', 'bug', '-p', '20', '-q'])
    expect(silent.stderr).toBe('')
  })

  it('a warning is shown even with -q', async () => {
    const result = await sb.run(['milestones', 'list', '-g', 'acme', '--include-parent-milestones', '-q'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stderr).toBe('Warning: --include-parent-milestones is deprecated; use --include-ancestors\n')
  })
})

describe('-q prints the handle the next command takes', () => {
  it('IDs where commands take IDs: hooks, labels, milestones', async () => {
    for (const [args, options] of [
      [['hooks', 'list'], admin],
      [['labels', 'list', '-p', '20'], undefined],
      [['milestones', 'list', '-g', 'acme'], undefined],
    ] as const) {
      const {quiet, json} = await quietAndJson([...args], 'id', options)
      expect(quiet.length, args.join(' ')).toBeGreaterThan(0)
      expect(quiet, args.join(' ')).toEqual(json)
    }
  })

  it('names and keys where records have no ID: ci-variables, features, branches, wikis', async () => {
    for (const [args, field, options] of [
      [['ci-variables', 'list'], 'key', admin],
      [['features', 'list'], 'name', admin],
      [['branches', 'list', '-p', '20'], 'name', undefined],
      [['wikis', 'list', '-p', '20'], 'slug', undefined],
    ] as const) {
      const {quiet, json} = await quietAndJson([...args], field, options)
      expect(quiet.length, args.join(' ')).toBeGreaterThan(0)
      expect(quiet, args.join(' ')).toEqual(json)
    }
  })

  it('feature-user-lists print the IID, which get, update and delete take, not the ID', async () => {
    const created = await sb.run(['feature-user-lists', 'create', '-p', '20', '--name', 'voice-list', '--user-xids', 'u-1', '-q'])
    expect(created.code, created.stderr).toBe(0)
    const iid = created.stdout.trim()
    const got = await sb.run(['feature-user-lists', 'get', iid, '-p', '20', '--json'])
    expect(got.json<Row>().name).toBe('voice-list')
    expect(got.json<Row>().id).not.toBe(Number(iid))
    const {quiet, json} = await quietAndJson(['feature-user-lists', 'list', '-p', '20'], 'iid')
    expect(quiet).toEqual(json)
  })

  it('branches protect prints the name that unprotect takes, not the rule ID', async () => {
    const result = await sb.run(['branches', 'protect', 'voice-*', '-p', '20', '-q'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('voice-*\n')
  })
})

describe('tables show words for numeric states; data formats keep the API value', () => {
  /** the cells of one column of a table, by its header */
  function column(table: string, name: string): string[] {
    const [head, ...rows] = table.trimEnd().split('\n')
    const start = head!.search(new RegExp(`(^|\\s)${name}(\\s|$)`)) + (head!.startsWith(name) ? 0 : 1)
    return rows.map(row =>
      row
        .slice(start)
        .split(/\s{2,}|\s*$/)[0]!
        .trim(),
    )
  }

  it('relations-export status: finished in a table, 1 in JSON and CSV', async () => {
    const table = await sb.run(['relations-export', 'status', '-p', '21', '-o', 'table', '--columns', 'relation,status'], maintainer)
    expect(table.code, table.stderr).toBe(0)
    const words = column(table.stdout, 'status')
    expect(words.length).toBeGreaterThan(0)
    expect(new Set(words)).toEqual(new Set(['finished']))
    const json = await sb.run(['relations-export', 'status', '-p', '21', '--json'], maintainer)
    expect(new Set(json.json<Row[]>().map(e => e.status))).toEqual(new Set([1]))
    const csv = await sb.run(['relations-export', 'status', '-p', '21', '-o', 'csv', '--columns', 'status', '--no-header'], maintainer)
    expect(new Set(csv.stdout.trim().split('\n'))).toEqual(new Set(['1']))
  })

  it('iterations list: upcoming, current, closed in a table, the API numbers in JSON', async () => {
    const json = await sb.run(['iterations', 'list', '-p', 'acme/platform/api', '--json', '--sort', 'id'])
    const states = json.json<Row[]>().map(i => i.state)
    expect(states.every(s => typeof s === 'number')).toBe(true)
    expect(new Set(states).size).toBeGreaterThan(1)
    const table = await sb.run(['iterations', 'list', '-p', 'acme/platform/api', '-o', 'table', '--columns', 'id,state', '--sort', 'id'])
    expect(table.code, table.stderr).toBe(0)
    const words: Record<number, string> = {1: 'upcoming', 2: 'current', 3: 'closed'}
    expect(column(table.stdout, 'state')).toEqual(states.map(s => words[s as number]))
  })
})

interface WalkFlag {
  hidden?: boolean
  helpValue?: string
  options?: string[]
  type?: string
}
interface WalkCommand {
  id: string
  hidden?: boolean
  strict?: boolean
  args: Record<string, {required?: boolean}>
  flags: Record<string, WalkFlag>
}

/** every command a user can type, with its flags as help lists them (the manifest and oclif.help.json, as `npm run build` wrote them) */
function everyCommand(): WalkCommand[] {
  const root = resolve(import.meta.dirname, '../..')
  const manifest = JSON.parse(readFileSync(resolve(root, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, WalkCommand & {globalFlags?: string[]; hiddenGlobalFlags?: string[]}>}
  const help = JSON.parse(readFileSync(resolve(root, 'oclif.help.json'), 'utf8')) as {commands: Record<string, {flags?: Record<string, WalkFlag>}>; globalFlags: Record<string, WalkFlag>}
  return Object.values(manifest.commands)
    .filter(command => !command.hidden)
    .map(command => {
      const globals = (command.globalFlags ?? []).filter(name => !command.hiddenGlobalFlags?.includes(name)).map(name => [name, help.globalFlags[name]!])
      const own = Object.entries(help.commands[command.id]?.flags ?? {}).filter(([, flag]) => !flag.hidden)
      return {id: command.id, strict: command.strict, args: command.args, flags: Object.fromEntries([...globals, ...own])}
    })
}

/** flags whose value is a whole number: the list flags, and declared integer inputs (helpValue N) */
const INTEGER_FLAGS = ['per-page', 'page', 'concurrency', 'port']

/** a mistake of the command line: exit 2, nothing sent, nothing on stdout, one `Error:` line in forgectl's words naming `names` */
async function inVoice(args: string[], names: string, rule?: RegExp): Promise<void> {
  const what = args.join(' ')
  const {result, requests} = await sb.runCounted(args, admin)
  expect(result.code, `${what}\n${result.stderr}`).toBe(2)
  expect(requests, what).toBe(0)
  expect(result.stdout, what).toBe('')
  // a deprecated command's warning may come first; a usage line may follow; nothing else
  const lines = result.stderr.split('\n').filter(line => line !== '' && !line.startsWith('Warning: '))
  expect(lines.length, `${what}\n${result.stderr}`).toBeGreaterThan(0)
  expect(lines[0], what).toMatch(/^Error: [a-zA-Z-]/)
  expect(
    lines.slice(1).every(line => line.startsWith('Usage: ')),
    `${what}\n${result.stderr}`,
  ).toBe(true)
  expect(lines[0], what).toContain(names)
  if (rule) expect(lines[0], what).toMatch(rule)
  expect(result.stderr, what).not.toMatch(/›|See more help|Nonexistent|Expected |Parsing --|required arg|\n\s+at /)
}

describe("every command's command-line mistakes are one line in forgectl's voice, exit 2, nothing sent", () => {
  const commands = everyCommand()

  it('walks the whole command tree', () => {
    expect(commands.length).toBeGreaterThan(130)
  })

  it('a missing argument is named', async () => {
    for (const command of commands) {
      const required = Object.entries(command.args).filter(([, arg]) => arg.required)
      if (required.length === 0) continue
      // the scope is given, so that what is missing is the argument
      const scope = 'project' in command.flags ? ['--project', '20'] : 'group' in command.flags ? ['--group', 'acme'] : []
      await inVoice([...command.id.split(':'), ...scope], required[0]![0].toUpperCase().replaceAll('-', '_'), /^Error: missing /)
    }
  })

  it('a bad whole number is refused with the flag, the value and the rule', async () => {
    let checked = 0
    for (const command of commands) {
      const flag = Object.keys(command.flags).find(name => INTEGER_FLAGS.includes(name) || command.flags[name]!.helpValue === 'N')
      if (flag) {
        checked++
        await inVoice([...command.id.split(':'), `--${flag}`, 'abc'], `--${flag} "abc": must be a whole number`)
      } else if ('retries' in command.flags) {
        await inVoice([...command.id.split(':'), '--retries', 'abc'], '--retries')
      }
    }
    expect(checked).toBeGreaterThan(30)
  })

  it('durations and retries are refused in the same shape: the flag, the value, the rule', async () => {
    const rules: Record<string, string> = {
      retries: 'must be a whole number from 0 to 10',
      timeout: 'must be a duration from 1s to 24h',
      'wait-timeout': 'must be a duration from 1s to 24h',
      interval: 'must be a duration from 1s to 24h',
    }
    const seen = new Set<string>()
    for (const command of commands) {
      for (const flag of Object.keys(rules).filter(name => name in command.flags)) {
        seen.add(flag)
        await inVoice([...command.id.split(':'), `--${flag}`, '99h'], `--${flag} "99h": ${rules[flag]}`)
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(rules).sort())
    // the stored settings and the environment variables say it the same way
    for (const [key, value, rule] of [
      ['retries', '99', rules.retries],
      ['timeout', '99h', rules.timeout],
      ['max-answer-size', '1k', 'must be a size from 1 MiB to 500 MiB'],
      ['output', 'xml', 'must be one of table, json'],
      ['insecure', 'maybe', 'must be true or false'],
      ['token-store', 'safe', 'must be keyring or file'],
    ]) {
      await inVoice(['config', 'set', key!, value!], `${key} "${value}": ${rule}`)
    }
    for (const [name, value, rule, args] of [
      ['FORGECTL_MAX_ANSWER_SIZE', '1k', 'must be a size from 1 MiB to 500 MiB', ['labels', 'list', '-p', '20']],
      // read where a new token is stored
      ['FORGECTL_TOKEN_STORE', 'safe', 'must be keyring or file', ['config', 'set', 'token', 'glpat-voice-walk-token-0001', '--profile', 'voice']],
    ] as const) {
      const {result, requests} = await sb.runCounted([...args], {env: {[name]: value}})
      expect(requests).toBe(0)
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).toMatch(new RegExp(`^Error: ${name} "${value}": ${rule}`))
    }
  })

  it('an unknown flag near a real one names the real one', async () => {
    for (const command of commands) {
      const names = Object.keys(command.flags)
      // a flag of the command's own first, typed with its last letter missing
      const real = [...names].reverse().find(name => name.length >= 5 && !names.includes(name.slice(0, -1)))
      if (!real) continue
      await inVoice([...command.id.split(':'), `--${real.slice(0, -1)}`], `unknown flag --${real.slice(0, -1)}: did you mean `, new RegExp(`--${real}\\b`))
    }
  })

  it('an unknown flag far from any names the help', async () => {
    await inVoice(['labels', 'list', '--zzzz'], 'unknown flag --zzzz: forgectl labels list --help lists the flags it takes')
    await inVoice(['completion', 'bash', '--zzzz'], 'unknown flag --zzzz')
  })

  it('a value that is not one of the choices is refused with the choices', async () => {
    let checked = 0
    for (const command of commands) {
      const flag = Object.keys(command.flags).find(name => command.flags[name]!.options !== undefined)
      if (!flag) continue
      checked++
      await inVoice([...command.id.split(':'), `--${flag}`, 'nope'], `--${flag} "nope": must be one of ${command.flags[flag]!.options!.join(', ')}`)
    }
    expect(checked).toBeGreaterThan(130)
    await inVoice(['completion', 'nope'], 'SHELL "nope": must be one of bash, zsh, fish')
  })

  it('a word where the command takes none is named, with the usage line', async () => {
    for (const command of commands) {
      if (Object.keys(command.args).length > 0 || command.strict === false) continue
      // a command that takes a secret counts the word instead (it may be the secret): the class knows
      const source = resolve(import.meta.dirname, '../../src/commands', `${command.id.replaceAll(':', '/')}.ts`)
      const secret = mayTakeSecretWord((await import(source)).default)
      await inVoice([...command.id.split(':'), 'stray'], secret ? 'unexpected argument (1 word, not shown' : 'unexpected argument "stray"')
    }
  })

  it('--json with -o is one sentence naming both', async () => {
    for (const command of commands) {
      if (!('json' in command.flags && 'output' in command.flags)) continue
      await inVoice([...command.id.split(':'), '--json', '-o', 'csv'], '--json and --output cannot be used together')
    }
  })

  it('completion without a shell names it, with the shells', async () => {
    await inVoice(['completion'], 'missing SHELL (shell: bash, zsh or fish)')
  })

  it('the examples of the issue, spawned: the exit code a script reads', async () => {
    for (const [args, line] of [
      [['labels', 'update', 'bug', '-p', '20', '--name', 'x'], 'Error: unknown flag --name: did you mean --new-name?'],
      [['labels', 'list', '-p', '20', '--per-page', 'abc'], 'Error: --per-page "abc": must be a whole number from 1 to 100'],
      [['labels', 'list', '-p', '20', '--json', '-o', 'csv'], 'Error: --json and --output cannot be used together'],
      [['completion'], 'Error: missing SHELL (shell: bash, zsh or fish)\nUsage: forgectl completion SHELL [FLAGS]'],
    ] as const) {
      const result = await sb.run([...args], {spawn: true})
      expect({code: result.code, stdout: result.stdout, stderr: result.stderr}, args.join(' ')).toEqual({code: 2, stdout: '', stderr: `${line}\n`})
    }
  })
})

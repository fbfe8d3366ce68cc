// Every command, every value of its examples (issue 23, point 1): each argument and flag value of each
// example in turn is given as `..`, `.`, `a/..`, `%2E%2E`, `..%2F`, a `?#%` text and an astral
// character, and the run is compared with the same example given a plain marker there. Where the
// marker reached the request's path, the odd value must reach it as the one segment `pathSegment`
// makes of it, and nothing else may differ; where the marker was sent and the odd value was not, the
// odd value must have been refused in one line with exit 2. The list comes from oclif.help.json, so a
// new command, or a new example, is walked without a change here. Runs are --dry-run (the first
// request, as built) and for real (the first request as the sandbox received it).
import {describe, expect, it} from 'vitest'
import help from '../../oclif.help.json' with {type: 'json'}
import {pathSegment} from '../../src/core/http/request.js'
import type {RunResult} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

type Flag = {name: string; char?: string; type: 'option' | 'boolean'}
type Command = {flags?: Record<string, Flag>; examples?: Array<string | {command: string}>}
const commands = help.commands as unknown as Record<string, Command>
const globals = help.globalFlags as unknown as Record<string, Flag>

const MARKER = 'zzmarker'
const ODD = ['..', '.', 'a/..', '%2E%2E', '..%2F', 'q?x#y%z', 'ü😀']

/** `a "b c" 'd'` → [a, b c, d]: the examples are plain command lines */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map(m => m[1] ?? m[2] ?? m[3]!)
}

interface Example {
  id: string
  argv: string[]
  /** indexes in argv of the values a user types: positional arguments and option values */
  slots: number[]
}

function examples(): Example[] {
  const out: Example[] = []
  for (const [id, command] of Object.entries(commands)) {
    const flags = Object.values(command.flags ?? {})
    const option = (word: string) => {
      const named = word.startsWith('--') ? word.slice(2).split('=', 1)[0] : undefined
      const char = !named && /^-[a-zA-Z]$/.test(word) ? word[1] : undefined
      const flag = flags.find(f => f.name === named || (char && f.char === char)) ?? Object.values(globals).find(f => f.name === named || (char && f.char === char))
      return flag
    }
    for (const example of command.examples ?? []) {
      // a variable an example reads a secret from ("$CLUSTER_TOKEN") stands for a value of its own
      const line = (typeof example === 'string' ? example : example.command).replace(/"\$[A-Z_]+"/g, 'from-the-environment')
      if (!line.startsWith('<%= config.bin %> ') || /[|&;$`<>\\]/.test(line.slice(18))) continue
      const argv = words(line.slice(18))
      const idWords = id.split(':')
      if (argv.slice(0, idWords.length).join(':') !== id) continue
      const slots: number[] = []
      // api's PATH is a path, sent as typed (paths.test.ts), not a value made one segment
      const first = id === 'api' ? idWords.length + 2 : idWords.length
      for (let i = first; i < argv.length; i++) {
        const word = argv[i]!
        if (word.startsWith('-') && word !== '-') {
          const flag = option(word)
          // the connection and output flags are no path segments; --x=v values are left as written
          if (flag?.type === 'option' && !word.includes('=')) {
            if (!(flag.name in globals)) slots.push(i + 1)
            i++
          }
        } else {
          slots.push(i)
        }
      }
      if (slots.length > 0) out.push({id, argv: [...argv, ...(command.flags?.yes ? ['--yes'] : [])], slots})
    }
  }
  return out
}

/** `DRY RUN GET http://…/api/v4/x/y?q` lines: the first request as built */
function dryRunLines(result: RunResult): string[] {
  return result.stderr.split('\n').filter(line => /^DRY RUN [A-Z]+ /.test(line))
}

/** what the marker's request becomes with `value` in its place: one segment in the path, a query value in the query */
function expected(line: string, value: string, slug: boolean): string {
  // the spec writes a wiki slug's directory encoded (dir%2Fpage), and wikis take that form as dir/page
  if (slug) value = value.replace(/%2F/gi, '/')
  const at = line.indexOf('?')
  const [path, query] = at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at)]
  return path.replaceAll(MARKER, pathSegment(value)) + query.replaceAll(MARKER, new URLSearchParams({v: value}).toString().slice(2))
}

function refusedInOneLine(result: RunResult): boolean {
  // a deprecated command's warning may come first
  const lines = result.stderr.split('\n').filter(line => !line.startsWith('Warning: '))
  return result.code === 2 && result.stdout === '' && lines.length === 2 && lines[0]!.startsWith('Error: ') && lines[1] === ''
}

interface Outcome {
  example: string
  value: string
  problem: string
}

async function walk(dryRun: boolean): Promise<{walked: number; reached: number; problems: Outcome[]}> {
  const problems: Outcome[] = []
  let walked = 0
  let reached = 0
  const env = {FORGECTL_RETRIES: '0'}
  const firstRequest = async (argv: string[]) => {
    const before = sb.sandbox.requests.length
    const result = await sb.run(dryRun ? [...argv, '--dry-run', '--retries', '0'] : [...argv, '--retries', '0'], {as: 'admin', env})
    const request = sb.sandbox.requests[before]
    const sent = dryRun ? dryRunLines(result)[0] : request && `${request.method} ${request.path}${request.query}`
    return {result, sent}
  }
  for (const {id, argv, slots} of examples()) {
    for (const slot of slots) {
      const withMarker = [...argv]
      withMarker[slot] = MARKER
      const marked = await firstRequest(withMarker)
      if (marked.sent === undefined || !marked.sent.includes(MARKER)) continue
      reached++
      for (const value of ODD) {
        walked++
        const odd = [...argv]
        odd[slot] = value
        const got = await firstRequest(odd)
        const example = `${id}: ${odd.join(' ')}`
        if (got.sent === undefined) {
          if (!refusedInOneLine(got.result)) problems.push({example, value, problem: `neither sent nor refused in one line: ${got.result.code} ${got.result.stderr}`})
        } else if (got.sent !== expected(marked.sent, value, id.startsWith('wikis:') && !argv[slot - 1]!.startsWith('-'))) {
          problems.push({example, value, problem: `sent ${got.sent}, expected ${expected(marked.sent, value, id.startsWith('wikis:') && !argv[slot - 1]!.startsWith('-'))}`})
        }
      }
    }
  }
  return {walked, reached, problems}
}

describe('every command sends an odd value as one segment naming it, or refuses it in one line', () => {
  it('with --dry-run: the request as built', async () => {
    const {walked, reached, problems} = await walk(true)
    // the walk reaches a path segment in most commands (a guard against a walk that quietly tests nothing)
    expect(reached).toBeGreaterThan(100)
    expect(walked).toBe(reached * ODD.length)
    expect(problems).toEqual([])
  }, 600_000)

  it('for real: the request as the sandbox received it', async () => {
    const {reached, problems} = await walk(false)
    expect(reached).toBeGreaterThan(100)
    expect(problems).toEqual([])
  }, 600_000)
})

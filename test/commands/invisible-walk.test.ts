// No invisible or format character from the server reaches a terminal raw (issue 35, item 5): every
// free-text field of every record the sandbox holds (names, titles, descriptions, notes, messages) is
// given each such character, then every list command, and a get of each kind the seed holds, runs in
// table format, and nothing of Unicode's categories Cc (but tab and line feed), Cf, Co, Cs, Zl, Zp or
// the tag block may be in what it wrote. The list of commands comes from oclif.help.json, so a new one
// is walked without a change here; --json keeps the exact value.
import {describe, expect, it} from 'vitest'
import help from '../../oclif.help.json' with {type: 'json'}
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

// one of each kind: zero-width space, right-to-left mark, word joiner, byte order mark, soft hyphen,
// line separator, Arabic letter mark, a tag character, private use, an override, BEL and ESC
const INVISIBLE = '\u200b\u200f\u2060\ufeff\u00ad\u2028\u061c\u{e0041}\ue000\u202e\u0007\u001b[2J\u2029'
const RAW = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\u{E0000}-\u{E007F}]/u
// fields people write freely; names and keys a lookup matches on (username, path, key) are left alone
const FREE_TEXT = new Set(['name', 'title', 'description', 'note', 'body', 'message', 'content', 'name_with_namespace', 'cadence_title', 'error', 'state_reason'])

/** every free-text string of every record reachable from `root`, given the invisible characters */
function plant(root: unknown, seen = new Set<unknown>()): void {
  if (root === null || typeof root !== 'object' || seen.has(root)) return
  seen.add(root)
  if (root instanceof Map || root instanceof Set || Array.isArray(root)) {
    for (const value of root.values()) plant(value, seen)
    return
  }
  for (const [key, value] of Object.entries(root)) {
    if (typeof value === 'string' && FREE_TEXT.has(key) && !value.includes(INVISIBLE)) (root as Record<string, unknown>)[key] = `${value}${INVISIBLE}`
    else plant(value, seen)
  }
}

type Flag = {name: string; required?: boolean}
const commands = help.commands as unknown as Record<string, {flags?: Record<string, Flag>}>

/** a list command with the scope it needs: a project, a group or a user of the seed */
function listRuns(): string[][] {
  return Object.entries(commands)
    .filter(([id]) => id.endsWith(':list') || id === 'tokens:audit')
    .map(([id, command]) => {
      const flags = Object.values(command.flags ?? {})
      const has = (name: string) => flags.some(f => f.name === name)
      const scope = has('project') ? ['-p', 'acme/website'] : flags.some(f => f.name === 'group' && f.required) ? ['-g', 'acme'] : flags.some(f => f.name === 'user' && f.required) ? ['-u', 'bob'] : []
      const more = flags.some(f => f.name === 'mr') ? ['--mr', '1'] : []
      return [...id.split(':'), ...scope, ...more, '-o', 'table', '--all']
    })
}

const GETS = [
  ['projects', 'get', 'acme/website'],
  ['groups', 'get', 'acme'],
  ['users', 'get', 'bob'],
  ['labels', 'get', 'bug', '-p', 'acme/website'],
  ['tokens', 'get', 'self'],
]

describe('invisible characters from the server', () => {
  it('reach no table, note or error raw, in any list or get', async () => {
    // every area's records exist once a command has read them (the sandbox makes some on first use)
    await sb.api('POST', '/projects/21/labels', {as: 'admin', body: {name: 'bug', color: '#ff0000', description: 'a bug'}})
    const runs = [...listRuns(), ...GETS.map(args => [...args, '-o', 'table'])]
    for (const args of runs) await sb.run(args, {as: 'admin'})
    plant(sb.sandbox.store)
    let shown = 0
    for (const args of runs) {
      const result = await sb.run(args, {as: 'admin'})
      const out = `${result.stdout}\n${result.stderr}`.replace(/[\t\n]/g, ' ')
      expect(out.match(RAW)?.[0], `forgectl ${args.join(' ')}: ${JSON.stringify(out.slice(0, 300))}`).toBeUndefined()
      if (result.stdout.includes('\\u200b')) shown++
    }
    // the walk saw the planted names, escaped, in most of what it ran
    expect(shown, `${shown} of ${runs.length}`).toBeGreaterThan(10)
    // and a data format keeps them exact
    const json = await sb.run(['labels', 'list', '-p', 'acme/website', '--json'], {as: 'admin'})
    expect(JSON.parse(json.stdout).find((l: {name: string}) => l.name.startsWith('bug')).description).toBe(`a bug${INVISIBLE}`)
  }, 120_000)
})

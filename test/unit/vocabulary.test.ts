// One vocabulary (issue 25, point 4; README, "Vocabulary"): the same word means the same thing in every
// command. Walks every command and flag of the committed manifest and its help part (as the help reads
// them, scripts/trim-manifest.mjs) and checks the rules a machine can check.
import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'

interface Flag {
  name: string
  type: 'boolean' | 'option'
  char?: string
  description?: string
  helpValue?: string
  helpGroup?: string
}
interface Arg {
  name: string
  description?: string
  required?: boolean
}
interface Command {
  id: string
  hidden?: boolean
  args: Record<string, Arg>
  flags: Record<string, Flag>
  globalFlags?: string[]
}

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'))
const lean = read('oclif.manifest.json') as {commands: Record<string, Omit<Command, 'flags'>>}
const help = read('oclif.help.json') as {commands: Record<string, {flags?: Record<string, Flag>}>; globalFlags: Record<string, Flag>}
const commands: Command[] = Object.values(lean.commands)
  .filter(c => !c.hidden && c.id !== 'help')
  .map(c => ({...c, args: c.args ?? {}, flags: help.commands[c.id]?.flags ?? {}}))
const takes = (c: Command, flag: string) => flag in c.flags || (c.globalFlags ?? []).includes(flag)
/** every [command, flag] of the commands' own flags */
const ownFlags = commands.flatMap(c => Object.values(c.flags).map(f => [c, f] as const))

describe('scope flags and gate targets', () => {
  const SCOPES = {p: 'project', g: 'group', u: 'user'} as const

  it('-p, -g and -u are --project, --group and --user, and nothing else', () => {
    const wrong = ownFlags.filter(([, f]) => f.char && f.char in SCOPES && SCOPES[f.char as keyof typeof SCOPES] !== f.name).map(([c, f]) => `${c.id} -${f.char} --${f.name}`)
    expect(wrong).toEqual([])
  })

  it('a scope flag has its short form and says what it names; without one it is a gate target, and says so', () => {
    for (const [c, f] of ownFlags.filter(([, f]) => Object.values(SCOPES).includes(f.name as never))) {
      if (f.char) expect(f.description, `${c.id} --${f.name}`).toMatch(new RegExp(`\\b${f.name}\\b`, 'i'))
      else {
        expect(c.id, `--${f.name} without -${f.name[0]}`).toMatch(/^features:(set|enable|disable)$/)
        expect(f.description, `${c.id} --${f.name}`).toMatch(/to gate/)
      }
    }
  })
})

describe('the same flag name, the same kind of flag', () => {
  it('a flag name is a switch everywhere or takes a value everywhere', () => {
    const kinds = new Map<string, Set<string>>()
    for (const [, f] of ownFlags) kinds.set(f.name, (kinds.get(f.name) ?? new Set()).add(f.type))
    for (const [name, global] of Object.entries(help.globalFlags)) kinds.set(name, (kinds.get(name) ?? new Set()).add(global.type))
    expect([...kinds].filter(([, k]) => k.size > 1).map(([name]) => name)).toEqual([])
  })

  it('a short form means one flag everywhere', () => {
    const byChar = new Map<string, Set<string>>()
    for (const f of [...ownFlags.map(([, f]) => f), ...Object.values(help.globalFlags)]) if (f.char) byChar.set(f.char, (byChar.get(f.char) ?? new Set()).add(f.name))
    // COMMANDS.md gives -f two meanings, each the convention of its kind of command: `api -f key=value` as
    // gh's, and `plan -f FILE`/`apply -f FILE` as kubectl's and terraform-like tools'; no command has both
    const contract = new Set(['-f: field, file'])
    expect(
      [...byChar]
        .filter(([, names]) => names.size > 1)
        .map(([char, names]) => `-${char}: ${[...names].join(', ')}`)
        .filter(pair => !contract.has(pair)),
    ).toEqual([])
  })
})

describe('timeouts and durations', () => {
  it('--timeout is the per-request limit on every command: one global flag, never redefined', () => {
    expect(help.globalFlags.timeout?.description).toMatch(/^how long one request may take/)
    expect(ownFlags.filter(([, f]) => f.name === 'timeout').map(([c]) => c.id)).toEqual([])
    const waiting = commands.filter(c => 'wait-timeout' in c.flags)
    expect(waiting.length).toBeGreaterThanOrEqual(7)
    for (const c of waiting) expect(takes(c, 'timeout'), c.id).toBe(true)
  })

  it('a command that waits has --wait-timeout and --interval, with the same words everywhere', () => {
    const waiting = commands.filter(c => 'wait-timeout' in c.flags || 'interval' in c.flags)
    for (const name of ['wait-timeout', 'interval']) {
      const descriptions = new Set(waiting.map(c => c.flags[name]?.description))
      expect(descriptions.size, name).toBe(1)
      expect([...descriptions][0], name).toBeDefined()
    }
    expect(waiting.map(c => c.id).sort()).toEqual(
      ['mirrors:sync', 'relations-export:start', 'relations-export:wait', 'storage-moves:wait', 'vuln-export:create', 'vuln-export:download', 'vuln-export:wait'].sort(),
    )
  })

  it('every duration is a DURATION, and every flag named for time is one', () => {
    const timed = ownFlags.filter(([, f]) => /(^|-)(timeout|interval)$/.test(f.name))
    for (const [c, f] of timed) expect(f.helpValue, `${c.id} --${f.name}`).toBe('DURATION')
    expect(help.globalFlags.timeout?.helpValue).toBe('DURATION')
  })
})

describe('IDs, IIDs and accounts', () => {
  const args = commands.flatMap(c => Object.values(c.args).map(a => [c, a] as const))

  it('an argument named …_ID (or ID) is described as an ID, never an IID; an IID is called IID', () => {
    for (const [c, a] of args.filter(([, a]) => /(^|_)id$/.test(a.name))) {
      expect(a.description, `${c.id} ${a.name.toUpperCase()}`).toMatch(/\bID\b/)
      expect(a.description, `${c.id} ${a.name.toUpperCase()}`).not.toMatch(/\bIID\b/)
    }
    for (const [c, a] of args.filter(([, a]) => a.name === 'iid')) expect(a.description, c.id).toMatch(/\bIID\b/)
    for (const [c, f] of ownFlags.filter(([, f]) => f.name === 'mr' || f.name === 'iids')) expect(f.description, `${c.id} --${f.name}`).toMatch(/\bIIDs?\b/)
  })

  it('a command that takes the account both as USER_ID and as --user says they are the same', () => {
    const both = commands.filter(c => 'user_id' in c.args && c.flags.user?.char === 'u')
    expect(both.map(c => c.id).sort()).toEqual(['service-accounts:tokens:create', 'tokens:create'])
    for (const c of both) expect(`${c.args.user_id!.description} ${c.flags.user!.description}`, c.id).toMatch(/the same as (--user|USER_ID)/)
  })
})

describe('values', () => {
  it('every set command takes VALUE after the name it sets', () => {
    const sets = commands.filter(c => c.id.endsWith(':set'))
    expect(sets.length).toBeGreaterThanOrEqual(4)
    for (const c of sets) expect(Object.keys(c.args).at(-1), c.id).toBe('value')
  })

  it('a command that takes VALUE and --value says they are the same', () => {
    for (const c of commands.filter(c => 'value' in c.args && 'value' in c.flags)) expect(c.args.value!.description, c.id).toMatch(/the same as --value/)
  })
})

describe('confirmation, rehearsal and data', () => {
  const DESTRUCTIVE = /:(delete|revoke|rotate|disable-2fa|delete-merged|schedule|unprotect)$/

  it('every destructive command takes -y/--yes, in the same words', () => {
    const destructive = commands.filter(c => DESTRUCTIVE.test(c.id))
    expect(destructive.length).toBeGreaterThan(20)
    for (const c of destructive) expect(c.flags.yes, c.id).toMatchObject({char: 'y', type: 'boolean'})
    expect(new Set(ownFlags.filter(([, f]) => f.name === 'yes').map(([, f]) => f.description)).size).toBe(1)
  })

  it('--dry-run and --json are global flags, one meaning each, never redefined by a command', () => {
    for (const name of ['dry-run', 'json']) {
      expect(help.globalFlags[name], name).toBeDefined()
      expect(
        ownFlags.filter(([, f]) => f.name === name).map(([c]) => c.id),
        name,
      ).toEqual([])
    }
  })
})

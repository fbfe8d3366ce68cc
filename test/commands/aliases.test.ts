// `ls` and `rm` (issue 25, point 5): every `list` answers to `ls` and every `delete` to `rm`, as gh's do.
// They are hidden aliases: they run the command they stand for, and stay out of the help listings,
// the typo suggestions, completion's words and the README's reference, which name each command once.
import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import type {Label} from '../../src/api/labels.js'
import {runCli} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'

interface ManifestCommand {
  id: string
  hidden?: boolean
  aliases?: string[]
  hiddenAliases?: string[]
}
const manifest = JSON.parse(readFileSync(new URL('../../oclif.manifest.json', import.meta.url), 'utf8')) as {commands: Record<string, ManifestCommand>}
const commands = Object.values(manifest.commands)
const ALIAS = {list: 'ls', delete: 'rm'} as const

/** `labels:list` → `labels:ls`, `hooks:url-variables:delete` → `hooks:url-variables:rm` */
const aliasOf = (id: string) => id.replace(/:(list|delete)$/, (_, verb: keyof typeof ALIAS) => `:${ALIAS[verb]}`)
const spelled = (id: string) => id.split(':')

const sb = useSandbox()

describe('every list has ls and every delete has rm', () => {
  const verbs = commands.filter(c => /:(list|delete)$/.test(c.id))

  it('in the manifest, as hidden aliases and nothing else', () => {
    expect(verbs.length).toBeGreaterThan(30)
    for (const c of verbs) expect(c.hiddenAliases, c.id).toEqual([aliasOf(c.id)])
    // no other command has an alias, and no alias is shown
    expect(commands.filter(c => !/:(list|delete)$/.test(c.id) && (c.hiddenAliases?.length ?? 0) > 0).map(c => c.id)).toEqual([])
    expect(commands.filter(c => (c.aliases?.length ?? 0) > 0).map(c => c.id)).toEqual([])
    // an alias never takes the place of a command of its own
    for (const c of verbs) expect(manifest.commands[aliasOf(c.id)], aliasOf(c.id)).toBeUndefined()
  })

  it.each(verbs.map(c => c.id))('%s: the alias shows the same help, but for the word typed in its usage', async id => {
    const [real, alias] = await Promise.all([runCli([...spelled(id), '--help']), runCli([...spelled(aliasOf(id)), '--help'])])
    expect(alias.code).toBe(0)
    const typed = ` ${spelled(aliasOf(id)).join(' ')}`
    expect(alias.stdout).toContain(`USAGE\n  $ forgectl${typed} `)
    // the examples teach the command's own name
    expect(alias.stdout.replace(`$ forgectl${typed} `, `$ forgectl ${spelled(id).join(' ')} `)).toBe(real.stdout)
  })
})

describe('the aliases run the command', () => {
  it('labels ls lists as labels list does', async () => {
    const list = await sb.run(['labels', 'list', '-p', '20', '--json'])
    const ls = await sb.run(['labels', 'ls', '-p', '20', '--json'])
    expect(ls.code, ls.stderr).toBe(0)
    expect(ls.json<Label[]>().length).toBeGreaterThan(0)
    expect(ls.json()).toEqual(list.json())
  })

  it('labels rm deletes, asking as labels delete does', async () => {
    expect((await sb.run(['labels', 'create', 'gone-soon', '--color', 'red', '-p', '20'])).code).toBe(0)
    const {result: refused, requests} = await sb.runCounted(['labels', 'rm', 'gone-soon', '-p', '20'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
    const removed = await sb.run(['labels', 'rm', 'gone-soon', '-p', '20', '--yes'])
    expect(removed.code, removed.stderr).toBe(0)
    expect((await sb.api('GET', '/projects/20/labels/gone-soon')).status).toBe(404)
  })

  it('a nested topic has them too: service-accounts tokens ls, hooks url-variables rm', async () => {
    const args = ['-g', 'acme', '--json']
    const ls = await sb.run(['service-accounts', 'tokens', 'ls', '5', ...args], {as: 'owner'})
    const list = await sb.run(['service-accounts', 'tokens', 'list', '5', ...args], {as: 'owner'})
    expect(ls.code).toBe(list.code)
    expect(ls.stdout).toBe(list.stdout)
    const rm = await sb.runCounted(['hooks', 'url-variables', 'rm', '1', 'KEY', '--dry-run'], {as: 'admin'})
    expect(rm.result.code, rm.result.stderr).toBe(0)
    expect(rm.result.stderr).toContain(`DRY RUN DELETE ${sb.url}/api/v4/hooks/1/url_variables/KEY`)
    expect(rm.requests).toBe(0)
  })
})

describe('the aliases stay out of the listings', () => {
  it('help of a topic names list and delete once, not ls and rm', async () => {
    const help = await runCli(['help', 'labels'])
    expect(help.stdout).toMatch(/\n {2}labels list +List/)
    expect(help.stdout).toMatch(/\n {2}labels delete +Delete/)
    expect(help.stdout).not.toMatch(/labels (ls|rm)\b/)
    const root = await runCli(['--help'])
    expect(root.stdout).not.toMatch(/\b(ls|rm)\b/)
  })

  it('a typo is still met with the command, never the alias', async () => {
    const typo = await runCli(['labels', 'lsit'])
    expect(typo.code).toBe(2)
    expect(typo.stderr).toBe('Error: unknown command "labels lsit"\nDid you mean: forgectl labels list\n')
    const near = await runCli(['labels', 'lss'])
    expect(near.stderr).not.toMatch(/labels ls\b/)
  })

  it('completion offers list and delete, not ls and rm, and completes the flags of a typed alias', async () => {
    const words = await runCli(['__complete', 'labels', ''])
    expect(words.stdout.split('\n')).toEqual(expect.arrayContaining(['list', 'delete']))
    expect(words.stdout.split('\n')).not.toEqual(expect.arrayContaining(['ls']))
    expect(words.stdout.split('\n')).not.toEqual(expect.arrayContaining(['rm']))
    const flags = await runCli(['__complete', 'labels', 'ls', '--with'])
    expect(flags.stdout).toBe('--with-counts\n')
  })

  it("the README's reference names no alias", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    for (const c of commands.filter(c => /:(list|delete)$/.test(c.id))) expect(readme).not.toContain(`forgectl ${spelled(aliasOf(c.id)).join(' ')}`)
  })
})

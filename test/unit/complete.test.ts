// What a TAB press offers, computed from command definitions shaped as the manifest holds them
// (issue 25, point 7: enum flags complete their values).
import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {type CompletableCommand, type CompletableFlag, completions} from '../../src/core/command/complete.js'
import {OUTPUT_FORMATS} from '../../src/core/output/formats.js'

const output = {name: 'output', char: 'o', type: 'option', options: OUTPUT_FORMATS} as const
const commands: CompletableCommand[] = [
  {
    id: 'branches:protect',
    flags: {
      output,
      project: {name: 'project', char: 'p', type: 'option'},
      'push-access-level': {name: 'push-access-level', type: 'option', options: ['0', '30', '40', '60']},
      'allow-force-push': {name: 'allow-force-push', type: 'boolean', allowNo: true},
    },
  },
  {
    id: 'tokens:create',
    flags: {output, scope: {name: 'scope', type: 'option', delimiter: ',', options: ['api', 'read_api', 'read_user', 'read_repository']}},
  },
  {id: 'config:set', flags: {}, args: {key: {options: ['host', 'timeout', 'token']}}},
  {id: 'secret', hidden: true, flags: {}},
]

describe('completions', () => {
  it('offers topics and commands, hidden ones left out', () => {
    expect(completions(commands, [''])).toEqual(['branches', 'config', 'tokens'])
    expect(completions(commands, ['branches', 'p'])).toEqual(['protect'])
  })

  it('offers the values of an enum flag after it, by long name or by its letter', () => {
    expect(completions(commands, ['branches', 'protect', 'main', '--push-access-level', ''])).toEqual(['0', '30', '40', '60'])
    expect(completions(commands, ['branches', 'protect', 'main', '--push-access-level', '4'])).toEqual(['40'])
    expect(completions(commands, ['branches', 'protect', '-o', 'j'])).toEqual(['json'])
    expect(completions(commands, ['branches', 'protect', '--push-access-level=3'])).toEqual(['--push-access-level=30'])
  })

  it('offers nothing after a flag whose value is free text (the shell then offers files)', () => {
    expect(completions(commands, ['branches', 'protect', '-p', ''])).toEqual([])
  })

  it('completes the last item of a comma list, leaving out the items already given', () => {
    expect(completions(commands, ['tokens', 'create', '--scope', 'read_'])).toEqual(['read_api', 'read_user', 'read_repository'])
    expect(completions(commands, ['tokens', 'create', '--scope', 'read_api,read_'])).toEqual(['read_api,read_user', 'read_api,read_repository'])
    expect(completions(commands, ['tokens', 'create', '--scope=api,'])).toEqual(['--scope=api,read_api', '--scope=api,read_user', '--scope=api,read_repository'])
  })

  it('offers flags, --no- forms included, and the values of an argument', () => {
    expect(completions(commands, ['branches', 'protect', '--allow'])).toEqual(['--allow-force-push'])
    expect(completions(commands, ['branches', 'protect', '--no-'])).toEqual(['--no-allow-force-push'])
    expect(completions(commands, ['config', 'set', 't'])).toEqual(['timeout', 'token'])
  })
})

describe('every enum flag of every command, as the committed manifest has it', () => {
  const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'))
  const lean = read('oclif.manifest.json') as {commands: Record<string, {id: string; hidden?: boolean; globalFlags?: string[]}>}
  type Flags = Record<string, CompletableFlag & {helpValue?: string}>
  const help = read('oclif.help.json') as {commands: Record<string, {flags?: Flags}>; globalFlags: Flags}
  const all: Array<CompletableCommand & {flags: Flags}> = Object.values(lean.commands).map(c => ({
    ...c,
    flags: {...Object.fromEntries((c.globalFlags ?? []).map(name => [name, help.globalFlags[name]!])), ...help.commands[c.id]?.flags},
  }))
  // a help value that lists the values themselves (`0|30|40|60`, `conan|generic|…`), not placeholders (`N|null`, `ID|PATH`)
  const enums = all.flatMap(c =>
    Object.values(c.flags)
      .filter(f => f.type === 'option' && /^[a-z0-9_-]+(\|[a-z0-9_-]+)+$/.test(f.helpValue ?? ''))
      .map(f => [c.id, f.name, f.helpValue!.split('|')] as const),
  )

  it('there are such flags (the walk below walks something)', () => {
    expect(enums.map(([id, name]) => `${id} --${name}`)).toEqual(expect.arrayContaining(['branches:protect --push-access-level', 'package-protection:create --package-type']))
  })

  it.each(enums)('%s --%s completes its values', (id, name, values) => {
    expect(completions(all, [...id.split(':'), `--${name}`, ''])).toEqual(values)
  })
})

// oclif's parse errors in forgectl's words (src/core/command/parse-errors.ts). Each error here is thrown
// by oclif's own parser on forgectl's real flag and argument definitions, never written by hand: when an
// upgrade of @oclif/core rewords one, its case fails here instead of users reading oclif's words.
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {parse} from '@oclif/core/parser'
import {describe, expect, it} from 'vitest'
import {VARIABLE_INPUTS} from '../../src/api/ci-variables.js'
import {CliError, ExitCode} from '../../src/core/base/errors.js'
import {type ParsedCommand, parseFailure} from '../../src/core/command/parse-errors.js'
import {OUTPUT_FORMATS} from '../../src/core/output/formats.js'

const FORMATS = OUTPUT_FORMATS.join(', ')

import {fromFileFlags, listFlags, optionalProjectFlag, outputFlags} from '../../src/core/input/flags.js'
import {flagsOf, withoutOptions} from '../../src/core/input/input-flags.js'

const flags = {
  ...outputFlags,
  ...listFlags,
  ...optionalProjectFlag,
  ...flagsOf(VARIABLE_INPUTS),
  'new-name': Flags.string({description: 'new name'}),
  description: Flags.string({description: 'description'}),
  url: Flags.url({description: 'a URL'}),
  label: Flags.string({description: 'a label', required: true}),
  'from-file': fromFileFlags('label')['from-file'],
  hidden: Flags.string({hidden: true}),
}
const args = {shell: Args.string({description: 'shell', required: true, options: ['bash', 'zsh', 'fish']})}
const command: ParsedCommand = {flags, args, name: 'forgectl labels list', secret: false}

/** what oclif's parser throws for this command line, on the flags above; with the required --label given unless said */
async function thrown(argv: string[], options: {args?: typeof args; label?: boolean} = {}): Promise<Error> {
  const line = options.label === false ? argv : [...argv, '--label', 'x']
  // as the command base hands them to oclif: a declared input's values are left to its own rule
  const result = await parse(line, {flags: withoutOptions(flags), args: options.args, strict: true}).then(
    () => undefined,
    (error: unknown) => error as Error,
  )
  if (!result) throw new Error(`oclif accepted ${argv.join(' ')}`)
  return result
}

async function said(argv: string[], options?: Parameters<typeof thrown>[1]): Promise<string | undefined> {
  return parseFailure(await thrown(argv, options), command)?.message
}

describe('a bad value', () => {
  it.each([
    [['--per-page', 'abc'], '--per-page "abc": must be a whole number from 1 to 100'],
    [['--per-page=101'], '--per-page "101": must be a whole number from 1 to 100'],
    [['--per-page', '0'], '--per-page "0": must be a whole number from 1 to 100'],
    [['--page', '1.5'], '--page "1.5": must be a whole number, 1 or more'],
    [['--url', 'not a url'], '--url "not a url": must be a URL'],
    [['-o', 'xml'], `--output "xml": must be one of ${FORMATS}`],
    [['--output=x=y'], `--output "x=y": must be one of ${FORMATS}`],
  ])('%j → %s', async (argv, message) => {
    const error = await thrown(argv)
    expect(parseFailure(error, command)).toEqual({message, exitCode: ExitCode.usage, usage: false})
  })

  it('of an argument with a list of values names the argument', async () => {
    expect(await said(['fish2'], {args})).toBe('SHELL "fish2": must be one of bash, zsh, fish')
  })

  it("refused by forgectl's own rule keeps forgectl's words and exit code, without oclif's wrapping", async () => {
    const error = await thrown(['--variable-type', 'bad'])
    expect(error).toBeInstanceOf(CliError)
    expect(parseFailure(error, command)).toEqual({message: '--variable-type "bad": must be one of env_var, file', exitCode: ExitCode.usage, usage: false})
    expect(await said(['-p', ' '])).toBe('--project " ": must not be empty')
  })
})

describe('an unknown flag', () => {
  it.each([
    [['--colums', 'id'], 'unknown flag --colums: did you mean --columns?'],
    [['--per_page', '3'], 'unknown flag --per_page: did you mean --per-page?'],
    [['--name', 'x'], 'unknown flag --name: did you mean --new-name?'],
    [['--desc', 'x'], 'unknown flag --desc: did you mean --description?'],
    [['--nope'], 'unknown flag --nope: forgectl labels list --help lists the flags it takes'],
    [['-x'], 'unknown flag -x: forgectl labels list --help lists the flags it takes'],
    [['-P', '20'], 'unknown flag -P: did you mean -p?'],
    [['--p', '20'], 'unknown flag --p: did you mean -p?'],
    [['-O', 'json'], 'unknown flag -O: did you mean -o?'],
    [['--hiden', 'x'], 'unknown flag --hiden: forgectl labels list --help lists the flags it takes'],
    [['--colums', 'id', '--zzz'], 'unknown flags --colums (did you mean --columns?), --zzz'],
  ])('%j → %s', async (argv, message) => {
    expect(await said(argv)).toBe(message)
  })

  it('never quotes the value given with = (it may be a secret)', async () => {
    expect(await said(['--tokn=glpat-Zq8vXk2pLm'])).toBe('unknown flag --tokn: forgectl labels list --help lists the flags it takes')
  })
})

describe('words where none or fewer are taken', () => {
  it('names them, with the usage line', async () => {
    expect(parseFailure(await thrown(['3', '4']), command)).toEqual({message: 'unexpected arguments "3", "4"', exitCode: ExitCode.usage, usage: true})
  })

  it('counts them on a command that takes a secret', async () => {
    expect(parseFailure(await thrown(['s3cret']), {...command, secret: true})?.message).toBe('unexpected argument (1 word, not shown: this command takes a secret, and a word out of place may be it)')
  })
})

describe('something missing', () => {
  it('an argument: named with its values, as every missing input is, with the usage line', async () => {
    expect(parseFailure(await thrown([], {args}), command)).toEqual({message: 'missing SHELL (shell: bash, zsh or fish)', exitCode: ExitCode.usage, usage: true})
  })

  it('a required flag', async () => {
    expect(await said([], {label: false})).toBe('missing --label (a label)')
  })

  it('the value of a flag', async () => {
    expect(await said(['--columns'])).toBe('--columns needs a value')
    expect(await said(['--output'])).toBe(`--output needs a value: one of ${FORMATS}`)
  })
})

describe('flags that do not go together', () => {
  it('two exclusive flags, in one sentence whichever way they came', async () => {
    expect(await said(['--json', '-o', 'csv'])).toBe('--json and --output cannot be used together')
    expect(await said(['--value', 'v', '--value-file', 'f'])).toBe('--value and --value-file cannot be used together')
  })

  it('never quotes the value oclif quotes (it may be a secret)', async () => {
    const message = await said(['--value=glpat-Zq8vXk2pLm', '--value-file', 'f'])
    expect(message).not.toContain('Zq8vXk2pLm')
  })

  it('one flag given twice', async () => {
    expect(await said(['-o', 'json', '-o', 'csv'])).toBe('--output was given more than once: it takes one value')
  })
})

describe("what is not oclif's parse error", () => {
  it('is left to the caller', () => {
    expect(parseFailure(new Error('connect ECONNREFUSED'), command)).toBeUndefined()
    expect(parseFailure(new CliError('404 Not Found'), command)).toBeUndefined()
  })
})

describe("no message keeps oclif's voice", () => {
  it.each([[['--per-page', 'x']], [['--nope']], [['-o', 'xml']], [['3']], [['--json', '-o', 'csv']], [['--columns']]])('%j', async argv => {
    const message = (await said(argv)) ?? ''
    expect(message).not.toMatch(/Nonexistent|Expected|Parsing|See more help|occurred|›|\n/)
  })
})

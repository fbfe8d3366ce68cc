// forgectl's help. The root help groups topics and commands by what they administer, so that a person
// finds `tokens` under users and keys without knowing how the API's documents are split, and explains
// the global (connection and output) flags once; a command's help only names them (command-help.ts).
import {format} from 'node:util'
import type {Command, Interfaces} from '@oclif/core'
import {Help} from '@oclif/core/help'
import {ioOf} from '../core/base/io.js'
import {globalFlagDefinitions} from '../core/command/help-data.js'
import {GLOBAL_GROUPS} from '../core/input/flag-groups.js'
import {notFoundExit} from '../hooks/not-found.js'
import {ForgeCommandHelp, fastRender, isGlobal} from './command-help.js'

/** root topics and commands, by what they administer, in the order a newcomer meets them */
export const AREAS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['CONNECTION AND ANY ENDPOINT', ['auth', 'config', 'api']],
  ['FINDING PROJECTS, GROUPS AND USERS', ['projects', 'groups', 'settings', 'users']],
  ['MANY PROJECTS AS CODE', ['plan', 'apply', 'export']],
  ['USERS, TOKENS AND KEYS', ['tokens', 'impersonation-tokens', 'service-accounts', 'enterprise-users', 'deploy-keys', 'keys', 'ssh-certificates', 'members']],
  ['SECURITY AND COMPLIANCE', ['security-settings', 'vuln-export', 'package-protection']],
  ['REPOSITORIES AND CODE REVIEW', ['branches', 'protected-tags', 'mirrors', 'wikis', 'draft-notes', 'relations-export']],
  ['CI/CD AND INSTANCE OPERATIONS', ['ci-variables', 'clusters', 'features', 'feature-user-lists', 'hooks', 'webhooks', 'storage-moves', 'registry-cleanup']],
  ['PLANNING (LABELS, MILESTONES, ITERATIONS)', ['labels', 'milestones', 'iterations']],
  ['REHEARSAL, COMPLETION AND HELP', ['sandbox', 'completion', 'help']],
]

/** oclif's help for an unknown subject throws this (@oclif/core's Help.showHelp) */
const NOT_FOUND = /^Command (\S+) not found\.$/

/** a line of the root help: a topic or a command, with its first line of description */
type Entry = {name: string; summary: string}

export default class ForgeHelp extends Help {
  CommandHelpClass = ForgeCommandHelp

  /** through the run's streams (src/core/base/io.ts, handed with the config), as oclif's would print it: the lines, formatted, then a line break */
  protected override log(...args: string[]): void {
    // straight to the run's stdout, not through the printer (output.ts): loading the printer and its
    // formats for a help text cost every --help about 2% of its instructions (callgrind: 15 M of 720 M)
    const {stdout, stderr} = ioOf(this.config)
    ;(this.opts.sendToStderr ? stderr : stdout).write(`${format(...args)}\n`)
  }

  constructor(config: Interfaces.Config, options: Partial<Interfaces.HelpOptions> = {}) {
    super(config, options)
    this.render = fastRender(this.render, config.bin)
  }

  /**
   * Help for words that name no command or topic (`lables list --help`, `help labels lsit`) says what a
   * mistyped command says, near misses included, instead of oclif's bare "Command … not found".
   */
  async showHelp(argv: string[]): Promise<void> {
    try {
      await super.showHelp(argv)
    } catch (error) {
      const subject = error instanceof Error ? NOT_FOUND.exec(error.message)?.[1] : undefined
      if (subject === undefined) throw error
      await notFoundExit(this.config, subject.split(':'))
    }
  }

  protected async showRootHelp(): Promise<void> {
    if (this.opts.all) return super.showRootHelp()
    const entries: Entry[] = [
      ...this.sortedTopics.filter(t => !t.name.includes(':')).map(t => ({name: t.name, summary: t.description?.split('\n')[0] ?? ''})),
      ...this.sortedCommands.filter(c => c.id && !c.id.includes(':')).map(c => ({name: c.id, summary: this.summary(c) ?? ''})),
    ]
    const known = new Set(AREAS.flatMap(([, names]) => names))
    // a topic added without a place in AREAS still shows, under OTHER (and the help test fails)
    const sections = [...AREAS, ['OTHER', entries.map(e => e.name).filter(n => !known.has(n))] as const].map(([title, names]) => {
      const inArea = names.map(name => entries.find(e => e.name === name)).filter((e): e is Entry => e !== undefined)
      return inArea.length === 0
        ? ''
        : this.section(
            title,
            this.renderList(
              inArea.map(e => [e.name, this.render(e.summary)]),
              {indentation: 2, spacer: '\n', stripAnsi: this.opts.stripAnsi},
            ),
          )
    })
    this.log(this.formatRoot())
    this.log('')
    this.log([...sections.filter(Boolean), ...this.globalFlagSections()].join('\n\n'))
    this.log('')
  }

  /** each global flag described once, under its group's heading (src/core/command/help-data.ts) */
  private globalFlagSections(): string[] {
    const seen = new Map<string, Command.Flag.Any>()
    for (const [name, flag] of Object.entries(globalFlagDefinitions(this.config))) if (isGlobal(flag)) seen.set(name, {...flag, name})
    const rows = new ForgeCommandHelp({id: '', flags: Object.fromEntries(seen)} as unknown as Command.Loadable, this.config, this.opts)
    // short forms first, as in a command's FLAGS (a first row without one would lose its indentation)
    const flags = [...seen.values()].sort((a, b) => Number(!a.char) - Number(!b.char))
    return GLOBAL_GROUPS.map(group => {
      const body = rows.flagRows(flags.filter(f => f.helpGroup === group))
      return body ? this.section(`GLOBAL FLAGS: ${group}`, body) : ''
    }).filter(Boolean)
  }
}

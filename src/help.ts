// forgectl's help: the root help groups topics by the areas of the API documents, and help text is
// rendered without ejs when it only uses the two placeholders our commands use (ejs compiled every
// string anew: ~12 ms of each `--help`).
import type {Command, Interfaces} from '@oclif/core'
import {CommandHelp, Help} from '@oclif/core/help'

/** the spec's areas, in the order of its documents */
const AREAS: Array<[string, string[]]> = [
  ['CONNECTION AND ANY ENDPOINT', ['auth', 'config', 'api']],
  ['IDENTITY, KEYS, TOKENS AND SECURITY (document 1)', [
    'clusters', 'tokens', 'impersonation-tokens', 'service-accounts', 'deploy-keys', 'keys', 'ssh-certificates',
    'enterprise-users', 'security-settings', 'vuln-export', 'package-protection',
  ]],
  ['REPOSITORY, CONTENT AND OPERATIONS (document 2)', [
    'branches', 'wikis', 'ci-variables', 'hooks', 'storage-moves', 'mirrors', 'features', 'feature-user-lists',
    'registry-cleanup', 'draft-notes', 'relations-export', 'milestones', 'iterations', 'labels',
  ]],
]

const SIMPLE = /<%=\s*(config\.bin|command\.id)\s*%>/g

/** `<%= config.bin %>` and `<%= command.id %>` replaced directly; anything else still goes to ejs */
function fastRender(ejsRender: (input: string) => string, bin: string, commandId = ''): (input: string) => string {
  return input => {
    const simple = input.replace(SIMPLE, (_, name: string) => (name === 'config.bin' ? bin : commandId))
    return simple.includes('<%') ? ejsRender(input) : simple
  }
}

class ForgeCommandHelp extends CommandHelp {
  constructor(command: Command.Loadable, config: Interfaces.Config, options: Interfaces.HelpOptions) {
    super(command, config, options)
    this.render = fastRender(this.render, config.bin, command.id.replaceAll(':', config.topicSeparator))
  }
}

export default class ForgeHelp extends Help {
  CommandHelpClass = ForgeCommandHelp

  constructor(config: Interfaces.Config, options: Partial<Interfaces.HelpOptions> = {}) {
    super(config, options)
    this.render = fastRender(this.render, config.bin)
  }

  protected formatTopics(topics: Interfaces.Topic[]): string {
    if (topics.some(t => t.name.includes(':'))) return super.formatTopics(topics)
    const known = new Set(AREAS.flatMap(([, names]) => names))
    const sections = [...AREAS, ['OTHER', topics.map(t => t.name).filter(n => !known.has(n))] as [string, string[]]]
      .map(([title, names]) => {
        const inArea = names.map(name => topics.find(t => t.name === name)).filter((t): t is Interfaces.Topic => t !== undefined)
        if (inArea.length === 0) return ''
        const body = this.renderList(inArea.map(t => [t.name, t.description ? this.render(t.description.split('\n')[0]!) : '']), {indentation: 2, spacer: '\n', stripAnsi: this.opts.stripAnsi})
        return this.section(title, body)
      })
    return sections.filter(Boolean).join('\n\n')
  }
}

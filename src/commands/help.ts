// oclif's help command (@oclif/plugin-help's, loaded as before: the same flags, behaviour and module
// set-up), with forgectl's words for a mistake on its command line: `help --nested` says "unknown flag
// --nested: did you mean --nested-commands?" as every command would, not oclif's "Nonexistent flag".
import {commands} from '@oclif/plugin-help'
import {reportCommandLineFailure} from '../core/command/plain-command.js'

export default class HelpCommand extends commands.help {
  public async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    return reportCommandLineFailure(this, error) ?? super.catch(error)
  }
}

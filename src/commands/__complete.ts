import {Command} from '@oclif/core/command'
import {ioOf} from '../core/base/io.js'
import {type CompletableCommand, completions} from '../core/command/complete.js'
import {allFlags} from '../core/command/help-data.js'
import {textPrinter} from '../core/output/output.js'

export default class Complete extends Command {
  static hidden = true
  static summary = 'Print completion candidates for the words given (used by the completion scripts)'
  static strict = false

  async run(): Promise<void> {
    const words = this.argv.length > 0 ? this.argv : ['']
    const commands = this.config.commands.map(c => ({...c, flags: allFlags(c, this.config)})) as unknown as CompletableCommand[]
    const found = completions(commands, words)
    if (found.length > 0) textPrinter(ioOf(this.config)).text(found.join('\n') + '\n')
  }
}

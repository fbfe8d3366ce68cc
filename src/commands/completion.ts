import * as Args from '@oclif/core/args'
import {ioOf} from '../core/base/io.js'
import {COMPLETION_SCRIPTS} from '../core/command/complete.js'
import {PlainCommand} from '../core/command/plain-command.js'
import {textPrinter} from '../core/output/output.js'

export default class Completion extends PlainCommand {
  static summary = 'Print a shell completion script (bash, zsh or fish)'
  static description =
    'Completes topics, commands, flags, and the allowed values of flags such as --output or --state. The script asks forgectl for candidates, so it stays right as commands change. Nothing is cached or written to disk.'
  static examples = [
    'source <(<%= config.bin %> completion bash)          # in ~/.bashrc',
    'source <(<%= config.bin %> completion zsh)           # in ~/.zshrc',
    '<%= config.bin %> completion fish > ~/.config/fish/completions/<%= config.bin %>.fish',
  ]
  // forgectl reads standard input only where a flag says `-`: a missing SHELL is not taken from a pipe
  static args = {shell: Args.string({description: 'shell', required: true, options: ['bash', 'zsh', 'fish'], ignoreStdin: true})}

  async run(): Promise<void> {
    const {args} = await this.parse(Completion)
    textPrinter(ioOf(this.config)).text(COMPLETION_SCRIPTS[args.shell as keyof typeof COMPLETION_SCRIPTS](this.config.bin))
  }
}

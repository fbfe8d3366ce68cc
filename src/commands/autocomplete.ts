// Earlier versions also shipped oclif's `autocomplete` (static scripts cached in ~/.cache/forgectl).
// `completion` replaced it; whoever still types the old command, or has it in a shell start-up file,
// is told how to switch instead of getting "command not found".
import {Command} from '@oclif/core/command'
import {ExitCode} from '../core/base/errors.js'
import {ioOf} from '../core/base/io.js'

export default class Autocomplete extends Command {
  static hidden = true
  static summary = 'Replaced by "completion": prints how to switch'
  static strict = false

  async run(): Promise<void> {
    const bin = this.config.bin
    ioOf(this.config).stderr.write(
      `${bin} autocomplete was replaced by ${bin} completion: put \`source <(${bin} completion bash)\` (or zsh; fish: ${bin} completion fish) in your shell's start-up file, and delete ~/.cache/${bin} if it is still there.\n`,
    )
    this.exit(ExitCode.usage)
  }
}

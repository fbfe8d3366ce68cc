// A mistake on the command line reads the same for every command: one line in forgectl's words
// (parse-errors.ts), the usage line where it helps, exit 2. BaseCommand says it so; PlainCommand is the
// base of the few commands that take none of the shared flags (`completion`; `help`, oclif's own, has the
// same catch), so that they do not fall back on oclif's words (` ›   Error: Missing 1 required arg`).
import {Command} from '@oclif/core/command'
import {ioOf} from '../base/io.js'
import {commandLineFailure} from './error-report.js'

/** for a command without BaseCommand: its command line's mistake said, and the exit; undefined for any other error */
export function reportCommandLineFailure(command: Command, error: Error): Promise<unknown> | undefined {
  const facts = command as unknown as {id: string | undefined; ctor: typeof Command; config: {bin: string}}
  const failure = commandLineFailure({id: facts.id, ctor: facts.ctor, bin: facts.config.bin}, error, false)
  if (!failure) return undefined
  ioOf(command.config).stderr.write(failure.text)
  return Promise.resolve(command.exit(failure.exitCode))
}

export abstract class PlainCommand extends Command {
  public async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    return reportCommandLineFailure(this, error) ?? super.catch(error)
  }
}

// A mistake on the command line reads the same for every command: one line in forgectl's words
// (parse-errors.ts), the usage line where it helps, exit 2. BaseCommand says it so; PlainCommand is the
// base of the few commands that take none of the shared flags (`completion`; `help`, oclif's own, has the
// same catch), so that they do not fall back on oclif's words (` ›   Error: Missing 1 required arg`).
import {Command} from '@oclif/core/command'
import {visibleText} from '../output/escape.js'
import type {ExitCode} from './errors.js'
import {parseFailure} from './parse-errors.js'
import {usageLine} from './usage.js'

/** the lines that say what was wrong with a command's command line, and its exit code; undefined for any other error */
export function commandLineFailure(command: {id: string | undefined; ctor: typeof Command; bin: string}, error: Error, secret: boolean): {text: string; exitCode: ExitCode} | undefined {
  const {ctor, bin} = command
  const id = command.id ?? ctor.id
  const flags = {...ctor.baseFlags, ...ctor.flags}
  const args = ctor.args ?? {}
  const failure = parseFailure(error, {flags, args, name: [bin, ...id.split(':')].join(' '), secret})
  if (!failure) return undefined
  const usage = failure.usage ? `Usage: ${usageLine(bin, {id, args, flags})}\n` : ''
  return {text: visibleText(`Error: ${failure.message}\n${usage}`), exitCode: failure.exitCode}
}

/** for a command without BaseCommand: its command line's mistake said, and the exit; undefined for any other error */
export function reportCommandLineFailure(command: Command, error: Error): Promise<unknown> | undefined {
  const facts = command as unknown as {id: string | undefined; ctor: typeof Command; config: {bin: string}}
  const failure = commandLineFailure({id: facts.id, ctor: facts.ctor, bin: facts.config.bin}, error, false)
  if (!failure) return undefined
  process.stderr.write(failure.text)
  return Promise.resolve(command.exit(failure.exitCode))
}

export abstract class PlainCommand extends Command {
  public async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    return reportCommandLineFailure(this, error) ?? super.catch(error)
  }
}

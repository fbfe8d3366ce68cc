// The one module bin/run.js loads: oclif's runner, forgectl's help, its command table and hooks, bundled
// by scripts/build.mjs into dist/runtime.cjs so that bin/run.js can load it with V8's code cache.

import {Config} from '@oclif/core/config'
import type {execute as oclifExecute} from '@oclif/core/execute'
import {handle} from '@oclif/core/handle'
import {run} from '@oclif/core/run'
import {flushed, handIO, type IO} from './core/base/io.js'
import {type Launcher, useLauncher} from './core/base/launcher.js'
import {exitWhenReaderGoes, guardOutputStreams} from './core/output/write-failure.js'

// Generated at build time from src/commands: a getter per command id, so that running one command
// evaluates only that command's module.
export {COMMANDS} from 'forgectl:commands'
export type {IO} from './core/base/io.js'
export type {Launcher} from './core/base/launcher.js'
export {default as Help} from './help/root-help.js'
export {default as notFound, flagAfterTopic} from './hooks/not-found.js'

/**
 * oclif's execute(), given what the launcher provides (src/core/base/launcher.ts), and the run's
 * streams, environment and clock (src/core/base/io.ts; a test hands in buffers); without them, the
 * process's. The IO is handed to the run with the Config oclif runs it with, which every command, hook
 * and help of the run is given. A run that ended by an exit or a failure resolves to its exit code once
 * its output has left; one that returned resolves to undefined (exit 0, once nothing is left to do).
 * Ending the process is the launcher's (bin/run.js), so that a run ends without ending the process that
 * holds it (a test's, where runs go side by side). oclif's own execute ends with a flush of process.stdout that it
 * does not wait for (a write of nothing, and a `drain` listener left on the stream): forgectl's writes
 * go through the run's streams, and are flushed here.
 */
export async function execute({launcher, io: given, args, dir}: Pick<Parameters<typeof oclifExecute>[0], 'args' | 'dir'> & {launcher?: Launcher; io?: Partial<IO>}): Promise<number | undefined> {
  useLauncher(launcher)
  const config = await Config.load(dir)
  const io = handIO(config, given)
  guardOutputStreams(io)
  try {
    await run(args ?? process.argv.slice(2), config)
    return undefined
  } catch (caught) {
    const error = caught as Error & {oclif?: {exit?: number}; code?: string}
    const code = error.oclif?.exit ?? 1
    exitWhenReaderGoes(code)
    // the data on its way out first: the launcher's process.exit() would drop what a pipe has not taken
    await Promise.all([flushed(io.stdout), flushed(io.stderr)])
    // every failure of a command was said by the command (base-command.ts), which ends by oclif's exit;
    // anything else (oclif's own, before a command runs) is said in oclif's words, and ends the process
    if (error.code === 'EEXIT') return code
    return handle(error) as Promise<never>
  }
}

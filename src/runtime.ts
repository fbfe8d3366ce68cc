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
 * and help of the run is given. oclif's own execute ends with a flush of process.stdout that it does not
 * wait for (a write of nothing, and a `drain` listener left on the stream): forgectl's writes go through
 * the run's streams, and are not flushed there.
 */
export async function execute({launcher, io: given, args, dir}: Pick<Parameters<typeof oclifExecute>[0], 'args' | 'dir'> & {launcher?: Launcher; io?: Partial<IO>}): Promise<unknown> {
  useLauncher(launcher)
  const config = await Config.load(dir)
  const io = handIO(config, given)
  guardOutputStreams(io)
  // every exit but 0 goes through handle(), which calls process.exit(): the data on its way out first
  return run(args ?? process.argv.slice(2), config).catch(async (error: Error & {oclif?: {exit?: number}}) => {
    exitWhenReaderGoes(error.oclif?.exit ?? 1)
    await Promise.all([flushed(io.stdout), flushed(io.stderr)])
    return handle(error)
  })
}

// The one module bin/run.js loads: oclif's runner, forgectl's help, its command table and hooks, bundled
// by scripts/build.mjs into dist/runtime.cjs so that bin/run.js can load it with V8's code cache.
import {execute as runOclif} from '@oclif/core/execute'
import {type Launcher, useLauncher} from './core/command/launcher.js'
import {guardOutputStreams} from './core/output/write-failure.js'

// Generated at build time from src/commands: a getter per command id, so that running one command
// evaluates only that command's module.
export {COMMANDS} from 'forgectl:commands'
export type {Launcher} from './core/command/launcher.js'
export {default as Help} from './help.js'
export {default as notFound} from './hooks/not-found.js'

/** oclif's execute(), given what the launcher provides (src/core/command/launcher.ts); without one, its defaults */
export async function execute({launcher, ...options}: Parameters<typeof runOclif>[0] & {launcher?: Launcher}): Promise<unknown> {
  useLauncher(launcher)
  guardOutputStreams()
  return runOclif(options)
}

// A mistyped command: @oclif/plugin-not-found warns, and on a terminal offers to run the closest command.
// Imported only then, since the plugin loads @inquirer/prompts, which no other start-up needs. It exits
// 127 (the shell's "command not found"); forgectl's code for every usage error is 2.
import type {Hook} from '@oclif/core'
import {ExitCode} from '../core/errors.js'
import {importModule} from '../core/import-module.js'

const notFound: Hook.CommandNotFound = async function (options) {
  const {default: hook} = await importModule<typeof import('@oclif/plugin-not-found')>('@oclif/plugin-not-found')
  try {
    return await hook.call(this, options)
  } catch (error) {
    const exit = (error as {oclif?: {exit?: number}}).oclif
    if (exit?.exit === 127) exit.exit = ExitCode.usage
    throw error
  }
}

export default notFound

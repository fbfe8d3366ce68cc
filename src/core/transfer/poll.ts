// Waiting for a server-side job (exports, storage moves, mirror syncs): poll at an interval, show a
// spinner on stderr when a person is watching, stop on success, failure or timeout.
import {setTimeout as sleep} from 'node:timers/promises'
import {JobError} from '../command/errors.js'
import {importModule} from '../command/launcher.js'
import {DURATION_HELP} from '../input/duration.js'
import {durationFlag} from '../input/flags.js'
import {visibleText} from '../output/escape.js'
import {io} from '../output/io.js'
import {onInterrupt} from '../terminal/interrupt.js'
import {canAnimate} from '../terminal/terminal.js'

export const waitFlags = {
  timeout: durationFlag({description: `how long to wait before giving up, exit 8 (${DURATION_HELP})`, default: 600, helpGroup: 'WAIT'}),
  interval: durationFlag({description: `time between polls (${DURATION_HELP})`, default: 2, helpGroup: 'WAIT'}),
}

/** what one poll found */
export type PollState<T> = {state: 'running'; status: string} | {state: 'done'; value: T} | {state: 'failed'; message: string}

export interface WaitOptions {
  /** what is being waited for, for the spinner and messages: "vulnerability export 12" */
  what: string
  timeoutSeconds: number
  intervalSeconds: number
}

export async function waitFor<T>(poll: () => Promise<PollState<T>>, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutSeconds * 1000
  // discardStdin: ora's default puts the terminal in raw mode, where Ctrl-C is a key it swallows, not SIGINT
  const spinner = canAnimate()
    ? (await importModule<typeof import('ora')>('ora')).default({text: `Waiting for ${options.what}`, stream: io().stderr as NodeJS.WriteStream, isEnabled: true, discardStdin: false}).start()
    : undefined
  const forget = onInterrupt(() => spinner?.stop())
  let last = 'unknown'
  const giveUp = () => {
    spinner?.fail(visibleText(`${options.what}: still ${last}`))
    return new JobError(`gave up waiting for ${options.what} after ${options.timeoutSeconds}s (last status: ${last})`, 'timeout')
  }
  try {
    for (;;) {
      const state = await beforeDeadline(poll(), deadline)
      if (state === undefined) throw giveUp()
      if (state.state === 'done') {
        spinner?.succeed(`${options.what}: finished`)
        return state.value
      }
      if (state.state === 'failed') {
        spinner?.fail(`${options.what}: failed`)
        throw new JobError(`${options.what} failed: ${state.message}`, 'failed')
      }
      last = state.status
      if (spinner) spinner.text = visibleText(`Waiting for ${options.what} (${state.status})`)
      if (Date.now() + options.intervalSeconds * 1000 > deadline) throw giveUp()
      await sleep(options.intervalSeconds * 1000)
    }
  } finally {
    forget()
    if (spinner?.isSpinning) spinner.stop()
  }
}

/**
 * The poll's state, or undefined when the wait's deadline passes first. A poll is a request with a
 * budget of its own (the profile's timeout × attempts, 2 minutes by default): against a server that
 * answers slowly or not at all, `wait --timeout 5` ran for two minutes. The request left behind ends
 * with the run.
 */
async function beforeDeadline<T>(pending: Promise<T>, deadline: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<undefined>(resolve => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()), undefined)))
  try {
    return await Promise.race([pending, late])
  } finally {
    clearTimeout(timer)
  }
}

/** the wait settings of a command that spreads `waitFlags` (its --timeout shadows the request timeout's type) */
export function waitOptions(flags: {timeout?: number; interval?: number}, what: string): WaitOptions {
  return {what, timeoutSeconds: flags.timeout ?? 600, intervalSeconds: flags.interval ?? 2}
}

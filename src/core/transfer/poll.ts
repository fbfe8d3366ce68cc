// Waiting for a server-side job (exports, storage moves, mirror syncs): poll at an interval, show a
// spinner on stderr when a person is watching, stop on success, failure or timeout.
import {setTimeout as sleep} from 'node:timers/promises'
import {DURATION_HELP} from '../base/duration.js'
import {JobError} from '../base/errors.js'
import {visibleCell} from '../base/escape.js'
import type {IO, OutStream} from '../base/io.js'
import {importModule} from '../base/launcher.js'
import {type Note, warning} from '../base/notes.js'
import {durationFlag} from '../input/flags.js'
import {fitLine} from '../output/display-width.js'
import {onInterrupt} from '../terminal/interrupt.js'
import {canAnimate} from '../terminal/terminal.js'

/** the wait limit when neither --wait-timeout nor the old spelling (below) gives one: 10 minutes */
const WAIT_LIMIT = 600

export const waitFlags = {
  // no oclif default: an absent --wait-timeout is how a lone --timeout is known for the old spelling
  'wait-timeout': durationFlag({description: `how long to wait before giving up, exit 8 (${DURATION_HELP}; default 10m; a lone --timeout, its old spelling, is read so too)`, helpGroup: 'WAIT'}),
  interval: durationFlag({description: `time between polls (${DURATION_HELP})`, default: 2, helpGroup: 'WAIT'}),
}

/**
 * `--timeout` is how long one request may take, on every command; the commands that wait once used it
 * for the wait's limit, which has its own flag now, --wait-timeout. Scripts that say `wait --timeout
 * 1800` keep working: on a command that waits (its `static timeoutIsWaitLimit`), --timeout given alone is still the wait's limit (the
 * requests keep the profile's limit, as they did), and ApiCommand says so in a warning. Given with
 * --wait-timeout, it is the per-request limit, as everywhere.
 */
export function timeoutIsWaitLimit(command: {timeoutIsWaitLimit?: boolean}, flags: object): boolean {
  const given = flags as {timeout?: number; 'wait-timeout'?: number}
  return command.timeoutIsWaitLimit === true && given.timeout !== undefined && given['wait-timeout'] === undefined
}

/** the warning of a lone --timeout on a command that waits */
export function oldWaitTimeoutNote(seconds: number): Note {
  return warning(
    `--timeout ${seconds} is read as the wait's limit, its old meaning on this command: say --wait-timeout ${seconds} for the wait; --timeout is how long each request may take, as on every other command`,
  )
}

/** what one poll found */
export type PollState<T> = {state: 'running'; status: string} | {state: 'done'; value: T} | {state: 'failed'; message: string}

export interface WaitOptions {
  /** what is being waited for, for the spinner and messages: "vulnerability export 12" */
  what: string
  timeoutSeconds: number
  intervalSeconds: number
  /** the run's stderr: the spinner's */
  stderr: OutStream
}

/** cells of a spinner line that are not its text: the frame or ✔/✖, a space, and the last column left free */
const SPINNER_CELLS = 3

/**
 * A spinner's text fitted to the terminal as it is now (it may have been resized): a line wider than
 * the terminal wraps, and each frame then leaves a line behind. What the job is gets cut, with …, so
 * that its status stays whole. Text from the server is shown escaped (`what` may hold a project path).
 */
function spinnerText(stderr: OutStream, head: string, tail = ''): string {
  return fitLine(visibleCell(head), visibleCell(tail), (stderr.columns || 80) - SPINNER_CELLS)
}

export async function waitFor<T>(poll: () => Promise<PollState<T>>, options: WaitOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutSeconds * 1000
  // discardStdin: ora's default puts the terminal in raw mode, where Ctrl-C is a key it swallows, not SIGINT
  const {stderr} = options
  const text = (head: string, tail?: string) => spinnerText(stderr, head, tail)
  const spinner = canAnimate(options)
    ? (await importModule<typeof import('ora')>('ora')).default({text: text(`Waiting for ${options.what}`), stream: stderr as NodeJS.WriteStream, isEnabled: true, discardStdin: false}).start()
    : undefined
  const forget = onInterrupt(() => spinner?.stop())
  let last = 'unknown'
  let tail = ''
  // a terminal made narrower between two polls: the text fitted again at once, not at the next poll
  const refit = () => spinner && (spinner.text = text(`Waiting for ${options.what}`, tail))
  stderr.on('resize', refit)
  const giveUp = () => {
    spinner?.fail(text(options.what, `: still ${last}`))
    return new JobError(`gave up waiting for ${options.what} after ${options.timeoutSeconds}s (last status: ${last})`, 'timeout')
  }
  try {
    for (;;) {
      const state = await beforeDeadline(poll(), deadline)
      if (state === undefined) throw giveUp()
      if (state.state === 'done') {
        spinner?.succeed(text(options.what, ': finished'))
        return state.value
      }
      if (state.state === 'failed') {
        spinner?.fail(text(options.what, ': failed'))
        throw new JobError(`${options.what} failed: ${state.message}`, 'failed')
      }
      last = state.status
      tail = ` (${state.status})`
      refit()
      if (Date.now() + options.intervalSeconds * 1000 > deadline) throw giveUp()
      await sleep(options.intervalSeconds * 1000)
    }
  } finally {
    forget()
    stderr.off('resize', refit)
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

/** the wait settings of a command that spreads `waitFlags`: --wait-timeout, else a lone --timeout (its old spelling) */
export function waitOptions({stderr}: Pick<IO, 'stderr'>, flags: {timeout?: number; 'wait-timeout'?: number; interval?: number}, what: string): WaitOptions {
  return {what, timeoutSeconds: flags['wait-timeout'] ?? flags.timeout ?? WAIT_LIMIT, intervalSeconds: flags.interval ?? 2, stderr}
}

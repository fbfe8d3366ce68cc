// One limiter per run, shared by every request (issue 29, point 1): a fan-out of a thousand writes paces
// itself to the server's numbers instead of meeting a storm of 429s. Each attempt waits its turn here
// (ready), the answer's headers are read (observe), and its place is given back (release). When little
// of the server's budget is left, requests are spaced to last until the reset; a 429 or a 503 pauses
// the whole run for its Retry-After, then requests resume one at a time and climb back. Without the
// headers nothing waits: today's behaviour. The arithmetic is rate-limit.ts's; this holds the state.
import {setTimeout as sleep} from 'node:timers/promises'
import {type Budget, climb, nextBudget, paceDelay, pauseFor, readRateLimit, slowsDown} from './rate-limit.js'
import {budgetNotice, spacingNotice} from './retry-notice.js'

export interface PacerAnswer {
  status: number
  headers: {get(name: string): string | null | undefined}
}

export class Pacer {
  private inFlight = 0
  /** how many requests may be under way: no bound until a pause, then one, climbing back */
  private slots = Number.POSITIVE_INFINITY
  private pausedUntil = 0
  private budget?: Budget
  private lastStart = 0
  private readonly freed = new Set<() => void>()
  /** the window (its reset) whose spacing or exhaustion was last said: each is said once */
  private saidWindow = 0
  /** the current pause was said (by the retry of the request that met it): the others' retries are not */
  private pauseSaid = false

  /** `say`: a wait's length and the line that says why (the client decides whether to print it) */
  constructor(private readonly say: (ms: number, line: string) => void) {}

  /**
   * Before a retry's wait of `ms`: `first` when it is the whole run's pause, not said yet (its notice
   * says so, once); `said` when it is that pause, already said; undefined when it is the request's own.
   */
  claimPause(ms: number): 'first' | 'said' | undefined {
    if (this.pausedUntil < Date.now() + ms - 100) return undefined
    if (this.pauseSaid) return 'said'
    this.pauseSaid = true
    return 'first'
  }

  /**
   * Waits until a request may go, then counts it under way. `check` runs before each timed wait with
   * its length, and with 0 before the send (the run's token gate; the request's time allowed, which a
   * wait must fit in). `signal` ends a wait at once (a list that no longer wants the answer).
   */
  async ready(check: (waitMs: number) => void, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = Date.now()
      const wait = Math.max(this.pausedUntil - now, paceDelay(this.budget, this.lastStart, now))
      check(Math.max(0, wait))
      if (wait > 0) {
        this.tellWait(wait, now)
        await sleep(wait, undefined, {signal})
        continue
      }
      if (this.inFlight >= this.slots) {
        await this.slotFreed(signal)
        continue
      }
      break
    }
    this.inFlight++
    this.lastStart = Date.now()
    if (this.budget && this.lastStart < this.budget.resetAt) this.budget = {...this.budget, remaining: this.budget.remaining - 1}
  }

  /** an answer's head: the server's numbers, and a pause after a 429 or a 503 */
  observe(answer: PacerAnswer): void {
    const now = Date.now()
    this.budget = nextBudget(
      this.budget,
      readRateLimit(name => answer.headers.get(name), now),
      this.inFlight - 1,
      now,
    )
    const pause = pauseFor(answer.status, answer.headers.get('retry-after'), now, answer.headers.get('date'))
    if (!slowsDown(answer.status, pause)) {
      if (answer.status < 500) this.slots = climb(this.slots)
      return
    }
    this.slots = 1
    if (pause === undefined || now + pause <= this.pausedUntil) return
    // a new pause is said once; the other requests answered 429 within it only lengthen it
    if (this.pausedUntil < now) this.pauseSaid = false
    this.pausedUntil = now + pause
  }

  /** the attempt is over (answered or not): its place goes to a request waiting for one */
  release(): void {
    this.inFlight--
    for (const wake of this.freed) wake()
    this.freed.clear()
  }

  private slotFreed(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener('abort', stop)
        resolve()
      }
      const stop = () => {
        this.freed.delete(wake)
        reject(signal?.reason)
      }
      if (signal?.aborted) return reject(signal.reason)
      signal?.addEventListener('abort', stop, {once: true})
      this.freed.add(wake)
    })
  }

  private tellWait(wait: number, now: number): void {
    const budget = this.budget
    if (now < this.pausedUntil || budget === undefined || budget.resetAt === this.saidWindow) return
    this.saidWindow = budget.resetAt
    if (budget.remaining <= 0) this.say(wait, budgetNotice(wait, budget.limit))
    else this.say(budget.resetAt - now, spacingNotice(budget.remaining, budget.resetAt - now))
  }
}

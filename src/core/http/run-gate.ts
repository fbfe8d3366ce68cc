// The one gate every request of a run passes before it is sent (issue 29). A fan-out of hundreds of
// requests must not keep sending a token the server has rejected: thirty failed authentications in
// three minutes get an address banned for an hour. So the first 401 closes the gate, and every request
// not yet sent (other items of a fan-out, other pages of --all, a retry waiting its turn) ends
// unsent with NotSent instead. The pacing by the server's rate-limit numbers (pacer.ts) is the other
// half of the gate; both are per run: the ApiClient holds one.
import {ApiError} from '../base/errors.js'

/**
 * A request that was never sent because an earlier one of this run got 401. It reads as that 401
 * (same status, message and exit code, so the hint about the token follows it), and a fan-out's
 * report counts its item as not attempted rather than failed.
 */
export class NotSent extends ApiError {
  constructor(readonly rejection: ApiError) {
    super(rejection.status, rejection.serverMessage, rejection.method, rejection.path)
    this.name = 'NotSent'
  }
}

export class TokenGate {
  private rejection?: ApiError
  private closing = new AbortController()

  /**
   * Aborted when a 401 closes the gate: a retry waiting out a Retry-After ends then, since its request
   * would not be sent anyway (else a fan-out's or a list's exit waits the whole back-off for nothing)
   */
  get closed(): AbortSignal {
    return this.closing.signal
  }

  /** throws NotSent once a request of this run got 401 */
  check(): void {
    if (this.rejection) throw new NotSent(this.rejection)
  }

  /** an answer's error: a 401 closes the gate for the rest of the run */
  observe(error: unknown): void {
    if (!this.rejection && error instanceof ApiError && !(error instanceof NotSent) && error.status === 401) {
      this.rejection = error
      this.closing.abort()
    }
  }

  /**
   * The platform also answers 401 where it means "not allowed" (another user's tokens asked for by a
   * non-administrator): a command that knows so, and checks the token itself next, opens the gate again.
   */
  reopen(): void {
    this.rejection = undefined
    if (this.closing.signal.aborted) this.closing = new AbortController()
  }
}

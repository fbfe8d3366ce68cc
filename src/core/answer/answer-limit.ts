// How much of an API answer forgectl reads into memory (issue 24). A record or a list is read whole
// before it is checked and parsed, so without a bound a server that sends 2 GiB, or 1 MB of gzip that
// unpacks to 1 GiB, takes the process past Node's heap into a V8 fatal error. Downloads stream to disk
// and are not bounded here. One rule for the environment variable, the profile and `config set`.

import {formatBytes} from '../base/bytes.js'
import {refused} from '../base/input-error.js'

const MiB = 1024 * 1024

/** far above any real answer: 100 records of the largest resource are a few MB */
export const DEFAULT_MAX_ANSWER_BYTES = 100 * MiB
/** below this, ordinary lists would be refused */
const MIN_MAX_ANSWER_BYTES = 1 * MiB
/** V8's longest string is just under 512 MiB, and an answer is read as one */
export const MAX_MAX_ANSWER_BYTES = 500 * MiB

export const SIZE_HELP = 'bytes, or with a unit: 64MiB, 200MB; from 1 MiB to 500 MiB'

/** K, M, G as curl reads them (binary); kB, MB, GB decimal, as the platform's UI shows sizes */
const UNIT_BYTES: Record<string, number> = {b: 1, k: 1024, kib: 1024, kb: 1000, m: MiB, mib: MiB, mb: 1e6, g: 1024 * MiB, gib: 1024 * MiB, gb: 1e9}

/** whole bytes; a plain number is bytes; out of range or unreadable: a usage error naming `what` */
export function parseSize(input: string, what: string): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(b|[kmg](?:i?b)?)?\s*$/i.exec(input)
  const bytes = match ? Math.floor(Number(match[1]) * UNIT_BYTES[(match[2] ?? 'b').toLowerCase()]!) : Number.NaN
  if (!(bytes >= MIN_MAX_ANSWER_BYTES && bytes <= MAX_MAX_ANSWER_BYTES)) {
    throw refused(what, input, 'must be a size from 1 MiB to 500 MiB (a number of bytes, or with a unit: 64MiB, 200MB)')
  }
  return bytes
}

/**
 * The limit in force: FORGECTL_MAX_ANSWER_SIZE for one run, else the profile's `max-answer-size`
 * (bytes, or a string typed into the file, checked like the variable), else 100 MiB.
 */
export function answerLimit(env: NodeJS.ProcessEnv, stored: unknown, profile: string): number {
  const fromEnv = env.FORGECTL_MAX_ANSWER_SIZE
  if (fromEnv !== undefined && fromEnv !== '') return parseSize(fromEnv, 'FORGECTL_MAX_ANSWER_SIZE')
  if (stored !== undefined && stored !== null) return parseSize(String(stored), `the max-answer-size of profile "${profile}"`)
  return DEFAULT_MAX_ANSWER_BYTES
}

/** `100 MiB`, `1.5 MiB`, `1048577 bytes`: a limit as it was most likely written */
export function formatLimit(bytes: number): string {
  const mib = bytes / MiB
  if (Number.isInteger(mib * 10)) return `${mib} MiB`
  if (Number.isInteger(bytes / 1e6)) return `${bytes / 1e6} MB`
  return `${bytes} bytes`
}

/** an API answer larger than the limit, as sent or decompressed; `declared` when Content-Length said so up front */
export class AnswerTooLarge extends Error {
  constructor(
    readonly limit: number,
    readonly declared?: number,
  ) {
    super(`the answer is larger than ${formatLimit(limit)}`)
    this.name = 'AnswerTooLarge'
  }

  /** what happened, and how to raise the limit, in one line */
  explain(): string {
    const limit = `${formatLimit(this.limit)} limit for an API answer`
    const what = this.declared === undefined ? `the answer is larger than the ${limit}` : `the answer is ${formatBytes(this.declared)} (its Content-Length), over the ${limit}`
    // in whole MiB, as parseSize reads it back
    const needed = Math.ceil(Math.max(this.limit * 2, this.declared ?? 0) / MiB)
    if ((this.declared ?? 0) > MAX_MAX_ANSWER_BYTES || this.limit >= MAX_MAX_ANSWER_BYTES) {
      return `${what}; ${formatLimit(MAX_MAX_ANSWER_BYTES)} is the most forgectl reads into memory: \`forgectl api GET PATH --download FILE\` saves an answer of any size`
    }
    const raised = `${Math.min(MAX_MAX_ANSWER_BYTES / MiB, needed)}MiB`
    return `${what}; raise it for one run with FORGECTL_MAX_ANSWER_SIZE=${raised}, or with \`forgectl config set max-answer-size ${raised}\``
  }
}

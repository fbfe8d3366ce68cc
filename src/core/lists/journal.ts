// The journal of a fan-out (issue 29, point 3), so that a run stopped by Ctrl-C, a kill, a lost
// connection or a crash can be finished with --resume: nothing done twice, nothing skipped. It is a
// file of JSON lines, written as the run goes (each line with one synchronous append, so that a kill -9
// loses at most the line being written): first what was asked (a salted hash of the input: the
// records, the flags, the targets), then each item as it starts and as it ends.
//
// Where: `journals/` in the settings folder (FORGECTL_CONFIG_DIR, else $XDG_CONFIG_HOME/forgectl or
// ~/.config/forgectl), one file per command, host, file and shard. A run that ends with every item
// done or unchanged removes it; one with failures, or stopped, keeps it for --resume. A run without
// --resume starts a new journal in its place. Item names and errors only: never a record's values.
// A run holds its journal's lock (`.lock` beside it, with its process ID) while it goes: two runs of the
// same input at once (two CI jobs on one runner, one settings folder) would otherwise write into one
// file, and the first to finish would remove the other's. The second runs without a journal, and says
// so; a lock whose process is gone (kill -9) is taken over. A journal left more than 30 days is removed
// when another run starts.
import {createHash, randomBytes} from 'node:crypto'
import {appendFileSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {UsageError} from '../base/errors.js'
import {letSignalsIn} from '../base/let-signals-in.js'
import {ensureFolder} from '../config/folder.js'
import {fileLimits, sizeRule} from '../input/parse-data.js'
import {type BulkResult, outcomeOf} from './bulk.js'
import {lock} from './journal-lock.js'

const VERSION = 1

interface Header {
  journal: number
  command: string
  salt: string
  input: string
  started: string
}

/** what an earlier run's journal says */
export interface JournalState {
  header: Header
  /** done or unchanged: not attempted again */
  finished: Set<string>
  /** started and never ended (the run was killed meanwhile): its change may or may not have been made */
  uncertain: Set<string>
}

/**
 * A journal's text as state; a last line cut short by a kill is left out, any other broken line is
 * refused. In steps, so that a signal is heard while a large one is read (base/let-signals-in.ts);
 * its size is bounded where it is read (JSON.parse nests without recursion: the size bounds the rest).
 */
export async function parseJournal(text: string, file: string): Promise<JournalState> {
  const lines = text.split('\n').filter(line => line !== '')
  const entries: unknown[] = []
  const damaged = (i: number) => new UsageError(`the journal ${file} is damaged (line ${i + 1}): run without --resume to start over`)
  for (const [i, line] of lines.entries()) {
    if ((i & 0x3ff) === 0) await letSignalsIn()
    let entry: unknown
    try {
      entry = JSON.parse(line)
    } catch {
      if (i < lines.length - 1 || i === 0) throw damaged(i)
      continue
    }
    // a whole line that is not an object (`null`, `[]`) is no cut: the file was changed by hand or by another program
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw damaged(i)
    entries.push(entry)
  }
  const header = entries[0] as Partial<Header> | undefined
  if (header?.journal !== VERSION || typeof header.input !== 'string' || typeof header.salt !== 'string')
    throw new UsageError(`the journal ${file} is not one this forgectl writes: run without --resume to start over`)
  const finished = new Set<string>()
  const uncertain = new Set<string>()
  for (const entry of entries.slice(1) as Array<{start?: string; end?: string; outcome?: string}>) {
    if (typeof entry.start === 'string') uncertain.add(entry.start)
    if (typeof entry.end !== 'string') continue
    uncertain.delete(entry.end)
    if (entry.outcome === 'done' || entry.outcome === 'unchanged') finished.add(entry.end)
    else finished.delete(entry.end)
  }
  return {header: header as Header, finished, uncertain}
}

/** a salted hash of what was asked: equal inputs give equal hashes, and a secret among them cannot be guessed back */
export function inputHash(input: unknown, salt: string): string {
  return createHash('sha256').update(salt).update(JSON.stringify(input)).digest('hex')
}

export interface JournalPlace {
  /** the settings folder */
  dir: string
  /** the run's environment: the size limit of a file read (FORGECTL_MAX_FILE_MB) */
  env: NodeJS.ProcessEnv
  /** what names the run: the command, the host, the file, the shard (not the records: those are the input) */
  run: unknown
  /** the command as the user would type it, for messages */
  command: string
}

/** one file per run (command, host, file, shard) in `journals/` of the settings folder */
function journalFile(place: JournalPlace): string {
  return join(place.dir, 'journals', `${createHash('sha256').update(JSON.stringify(place.run)).digest('hex').slice(0, 24)}.jsonl`)
}

export class Journal {
  /** why a line could not be written (a full disk, a folder made read-only meanwhile): the run goes on without it */
  failure?: string

  private constructor(
    readonly file: string,
    /** the earlier run's state when resuming */
    readonly earlier: JournalState | undefined,
    /** this run holds the journal's lock */
    private readonly locked: boolean,
  ) {}

  /**
   * A new journal for `input` (replacing any earlier one of the same run), or with `resume` the earlier
   * one, refused when there is none, when it was written for another input, or while another run holds it.
   */
  static async open(place: JournalPlace, input: unknown, resume: boolean): Promise<Journal> {
    const file = journalFile(place)
    // read or written, a journal is only ever in a folder of the user's own (folder.ts)
    ensureFolder(dirname(file), 'the journal folder', {own: true})
    if (resume) {
      const earlier = await Journal.earlier(place, input)
      let locked = false
      try {
        locked = takeLock(file, place.command, true)
        dropCutLine(file)
      } catch (error) {
        if (error instanceof UsageError) throw error
        // read and not written (a read-only folder): what is left is known all the same, and the
        // resume goes on; its lines fail as they come (failure), and the run says so
      }
      return new Journal(file, earlier, locked)
    }
    const folder = dirname(file)
    takeLock(file, place.command, false)
    prune(folder, file)
    const salt = randomBytes(16).toString('hex')
    const header: Header = {journal: VERSION, command: place.command, salt, input: inputHash(input, salt), started: new Date().toISOString()}
    writeFileSync(file, `${JSON.stringify(header)}\n`, {mode: 0o600})
    return new Journal(file, undefined, true)
  }

  /**
   * The earlier run's state, read and left as it is (`--resume --dry-run` shows what a resume would
   * send); refused when there is none or when it was written for another input.
   */
  static async earlier(place: JournalPlace, input: unknown): Promise<JournalState> {
    const file = journalFile(place)
    let text: string
    try {
      // a journal is a file like the others forgectl reads: within their size limit (core/input/parse-data.ts)
      const limits = fileLimits(place.env)
      if (statSync(file).size > limits.bytes) throw new UsageError(`--resume: the journal ${file} is ${sizeRule(limits)}: run without --resume to start over`)
      text = readFileSync(file, 'utf8')
    } catch (error) {
      if (error instanceof UsageError) throw error
      throw new UsageError(`--resume: no journal of an unfinished \`${place.command}\` with this host, file and shard (the last one finished, or none ran): run without --resume`)
    }
    const state = await parseJournal(text, file)
    if (inputHash(input, state.header.salt) !== state.header.input) {
      throw new UsageError(
        `--resume: the journal of \`${place.command}\` (started ${state.header.started}) was written for another input (other records, targets or flags): give the same input, or run without --resume to start over`,
      )
    }
    return state
  }

  started(item: string): void {
    this.append({start: item})
  }

  ended(result: BulkResult<unknown>): void {
    this.append({end: result.item, status: result.status, outcome: outcomeOf(result.status), ...(result.error === undefined ? {} : {error: result.error})})
  }

  private append(entry: object): void {
    if (this.failure !== undefined) return
    try {
      appendFileSync(this.file, `${JSON.stringify(entry)}\n`, {mode: 0o600})
    } catch (error) {
      this.failure = (error as Error).message
    }
  }

  /** every item done or unchanged: the journal has served */
  remove(): void {
    rmSync(this.file, {force: true})
  }

  /** the run is over (finished, failed or stopped): another may take the journal */
  release(): void {
    try {
      if (this.locked) rmSync(`${this.file}.lock`, {force: true})
    } catch {
      // a folder made read-only meanwhile: the lock stays, and is taken over once this process is gone
    }
  }
}

/** a journal untouched this long (a failed run with a file since gone) is no run anyone resumes */
export const JOURNAL_MAX_AGE_MS = 30 * 24 * 60 * 60_000

/**
 * The journals of runs left unfinished more than JOURNAL_MAX_AGE_MS ago, with their locks, removed when
 * another run starts: each failed run of another file or host would otherwise leave one for ever (a CI
 * runner's settings folder). One a live run holds is left alone.
 */
function prune(folder: string, own: string, now = Date.now()): void {
  for (const name of readdirSync(folder)) {
    const file = join(folder, name)
    if (!name.endsWith('.jsonl') || file === own) continue
    try {
      if (now - statSync(file).mtimeMs <= JOURNAL_MAX_AGE_MS || lock(`${file}.lock`) !== undefined) continue
      rmSync(file, {force: true})
      rmSync(`${file}.lock`, {force: true})
    } catch {
      // removed meanwhile by another run's prune, or not ours to remove: left as it is
    }
  }
}

/** the journal's lock for this run (true), refused while another live run holds it */
function takeLock(file: string, command: string, resume: boolean): true {
  const holder = lock(`${file}.lock`)
  if (holder === undefined) return true
  const why = `another run of \`${command}\` with this host, file and shard is under way (process ${holder}) and writes its journal`
  // a resume would finish what that run is doing: both would send the same writes
  // a process ID is reused (a reboot, another container): the lock can be removed by hand
  if (resume) throw new UsageError(`--resume: ${why}: let it end first, or remove ${file}.lock if no such run is under way`)
  throw new Error(why)
}

/**
 * A line cut short by a kill (parseJournal leaves it out) is cut off before the resume appends to the
 * journal: the resume's first line would otherwise be joined to it, and the broken line, no longer the
 * last, would make the journal refused as damaged if the resume were stopped in turn.
 */
function dropCutLine(file: string): void {
  const bytes = readFileSync(file)
  const end = bytes.lastIndexOf(0x0a) + 1
  if (end < bytes.length) truncateSync(file, end)
}

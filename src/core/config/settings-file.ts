// Reading the settings file as it may be trusted. Settings that belong to another user are refused, as
// ssh refuses a config file and git a repository owned by someone else: root running forgectl with
// another user's HOME (sudo keeps it on some systems) would otherwise store its token where that user
// reads it, or send its requests to the host that user chose. A mode is repaired only on the file
// itself, never through a symlink (a `config.json` linked to /etc/shadow must not make root chmod it).
import {closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, readFileSync, readSync, realpathSync, type Stats, statSync} from 'node:fs'
import {dirname} from 'node:path'
import {UsageError} from '../base/errors.js'

/** a folder or file must be the user's own; root's is accepted too (only root could have put it there) */
function isOwn(uid: number, me: number): boolean {
  return uid === me || uid === 0
}

function me(): number | undefined {
  // Windows has no owners in this sense
  return process.geteuid?.()
}

/** `alice (uid 1000)`, from /etc/passwd when it names the uid */
function ownerName(uid: number): string {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find(entry => entry.split(':')[2] === String(uid))
    if (line) return `${line.split(':')[0]} (uid ${uid})`
  } catch {
    // no passwd file: the number alone
  }
  return `uid ${uid}`
}

function refuse(path: string, what: string, owner: number, target?: string): never {
  const self = me()
  const whose = `${ownerName(owner)}, not to ${self === undefined ? 'you' : ownerName(self)}`
  throw new UsageError(
    `refusing to use ${what} ${path}: ${target === undefined ? 'it belongs' : `it is a symlink to ${target}, which belongs`} to ${whose}; run forgectl as its owner, or set FORGECTL_CONFIG_DIR to a folder of your own`,
  )
}

function lstatIfExists(path: string): Stats | undefined {
  try {
    return lstatSync(path)
  } catch (error) {
    if (isAbsent(error)) return undefined
    throw error
  }
}

function isAbsent(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/** a path and, when it is a symlink, what it points to: both the user's own, or refused naming the owner */
export function assertOwned(path: string, what: string): void {
  const self = me()
  const link = self === undefined ? undefined : lstatIfExists(path)
  if (self === undefined || link === undefined) return
  if (!isOwn(link.uid, self)) refuse(path, what, link.uid)
  if (!link.isSymbolicLink()) return
  const target = statSync(path, {throwIfNoEntry: false})
  if (target && !isOwn(target.uid, self)) refuse(path, what, target.uid, realpathSync(path))
}

/**
 * Before forgectl creates its folder: the nearest folder that exists on the way must be the user's own,
 * or another user could rename what root creates there and put their own folder in its place.
 */
export function assertOwnAncestor(dir: string): void {
  let path = dir
  let stats = lstatIfExists(path)
  while (stats === undefined && dirname(path) !== path) {
    path = dirname(path)
    stats = lstatIfExists(path)
  }
  if (path !== dir) assertOwned(path, 'the folder')
}

/**
 * The settings file's text, or undefined when there is none. Opened without following a symlink so
 * that the owner and mode seen are the file's own; a file others can read is set back to 0600 through
 * the same descriptor. A symlinked file (dotfile managers) is read through, the owners of the link and
 * of the file opened checked, its mode left as it is.
 */
export function readSettingsText(file: string): string | undefined {
  assertOwned(dirname(file), 'the settings folder')
  // O_NONBLOCK: a FIFO in the file's place is refused below instead of blocking the open
  const flags = constants.O_RDONLY | constants.O_NONBLOCK
  let fd: number
  let linked = false
  try {
    fd = openSync(file, flags | constants.O_NOFOLLOW)
  } catch (error) {
    if (isAbsent(error)) return undefined
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw unreadable(file, error)
    assertOwned(file, 'the settings file')
    linked = true
    try {
      fd = openSync(file, flags)
    } catch (reason) {
      if (isAbsent(reason)) return undefined
      throw unreadable(file, reason)
    }
  }
  try {
    const stats = fstatSync(fd)
    const self = me()
    if (self !== undefined && !isOwn(stats.uid, self)) refuse(file, 'the settings file', stats.uid, linked ? realpathSync(file) : undefined)
    if (!stats.isFile()) throw new UsageError(`the settings file ${file} is not a file`)
    if (!linked && (stats.mode & 0o077) !== 0 && stats.uid === self) tighten(fd)
    return readAll(fd)
  } finally {
    closeSync(fd)
  }
}

/** a token file that others can read is repaired on sight, not only on the next write */
function tighten(fd: number): void {
  try {
    // fchmod: the file opened, whatever the path names by now
    fchmodSync(fd, 0o600)
  } catch {
    // a read-only file system: reading still works
  }
}

function readAll(fd: number): string {
  const chunks: Buffer[] = []
  const buffer = Buffer.alloc(64 * 1024)
  for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) chunks.push(Buffer.from(buffer.subarray(0, n)))
  return Buffer.concat(chunks).toString('utf8')
}

function unreadable(file: string, error: unknown): UsageError {
  return new UsageError(`cannot read the settings file ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
}

/**
 * The file's JSON. A broken file is left as it is, and named with the way out; the parser's own message
 * is not shown, since it quotes the text around the fault, which may be a token.
 */
export function parseSettings(text: string, file: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const position = /at position (\d+)/.exec((error as Error).message)?.[1]
    const where = position === undefined ? '' : ` at ${lineAndColumn(text, Number(position))}`
    throw new UsageError(`the settings file ${file} is not valid JSON${where}; it was left as it is: correct it, or move it away and log in again (\`forgectl auth login\`)`)
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n')
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`
}

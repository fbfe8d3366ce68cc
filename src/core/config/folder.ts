// The one way forgectl makes sure of a folder it writes into (the settings folder, its journals): made
// when missing, private (0700), and when there, the user's own (or root's) and a folder, a symlink only
// when both the link and what it points to are the user's own. The settings folder may be shared
// (FORGECTL_CONFIG_DIR=/tmp, a folder every user may write in): a folder of forgectl's own inside it
// (`journals/`) is then what another user would plant as a symlink to a place of theirs, so that the
// next run writes its journal there, and a folder so planted is refused instead of followed.
import {chmodSync, lstatSync, mkdirSync, type Stats, statSync} from 'node:fs'
import {UsageError} from '../base/errors.js'
import {assertOwnAncestor, assertOwned} from '../config/settings-file.js'

export interface FolderOptions {
  /** a folder of forgectl's own (not one the user named): its mode is set back to 0700 when others may use it */
  own?: boolean
}

/** `dir` exists, is a folder, and is the user's own (or root's), else a one-line refusal naming `what` */
export function ensureFolder(dir: string, what: string, {own = false}: FolderOptions = {}): void {
  if (lstatSync(dir, {throwIfNoEntry: false}) === undefined) {
    // the nearest folder on the way must be the user's, or another user could swap what is made there
    assertOwnAncestor(dir)
    // the mode asked for is narrowed by the umask: set once made, so that a folder forgectl makes is private whatever the umask
    if (mkdirSync(dir, {recursive: true, mode: 0o700}) !== undefined) chmodSync(dir, 0o700)
  }
  // owners of the link and of what it points to (settings-file.ts), then what is there, without following a link
  assertOwned(dir, what)
  const link = lstatSync(dir)
  // a symlink that leads nowhere is no folder either
  if (!(link.isSymbolicLink() ? statSync(dir, {throwIfNoEntry: false}) : link)?.isDirectory()) throw new UsageError(`refusing to use ${what} ${dir}: it is not a folder`)
  // a mode is set on the folder itself, never through a symlink
  if (own && !link.isSymbolicLink() && (link.mode & 0o077) !== 0 && link.uid === process.geteuid?.()) chmodSync(dir, 0o700)
}

/**
 * A folder forgectl writes a file into that the user named (a download's, a saved plan's): the file's
 * bytes go to a temporary file there first, which then takes the name. Another owner's folder is taken
 * (a group's shared folder, /tmp); one that any user may write in without the sticky bit is refused, as
 * is a symlink another user planted: there anyone could put a file of their own in the temporary
 * file's place before it takes the name. Checked before any request and again before the write.
 */
export function assertFolderForFiles(dir: string, what = 'the folder'): void {
  const link = lstatSync(dir, {throwIfNoEntry: false})
  if (link === undefined) return
  const self = process.geteuid?.()
  const own = (stats: Stats) => self === undefined || stats.uid === self || stats.uid === 0
  if (link.isSymbolicLink() && !own(link)) throw new UsageError(`refusing to write in ${what} ${dir}: it is a symlink of another user's`)
  const folder = link.isSymbolicLink() ? statSync(dir, {throwIfNoEntry: false}) : link
  if (folder?.isDirectory() && !own(folder) && (folder.mode & 0o1002) === 0o002) {
    throw new UsageError(`refusing to write in ${what} ${dir}: any user may write in it (no sticky bit) and could swap the temporary file for one of their own; write into a folder of your own`)
  }
}

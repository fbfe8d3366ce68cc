// What a person reads after a vulnerability export is saved: where the bytes went and how many.

import {ApiError, CliError} from '../core/base/errors.js'
import type {Id} from '../core/base/id.js'
import {type Note, saved, thing} from '../core/base/notes.js'
import type {DownloadResult} from '../core/transfer/download.js'

/** what a download note says: where the bytes went and how many */
export function savedMessage(id: Id, written: DownloadResult): Note | undefined {
  if (written.path === '-') return undefined
  return saved(written.bytes, written.path, thing('vulnerability export', id))
}

/**
 * An export is its author's (ee/lib/api/vulnerability_exports.rb: `authorize! :read_vulnerability_export`):
 * anyone else, an administrator too, gets 403, which says nothing of a role to gain. Said as what it is.
 */
export async function ownExport<T>(id: Id, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) throw error
    throw new CliError(`vulnerability export ${id} is another user's: an export is readable by its author only (the server answered 403)`, error.exitCode)
  }
}

// What a person reads after a vulnerability export is saved: where the bytes went and how many.
import type {Id} from '../core/base/id.js'
import {type Note, saved, thing} from '../core/base/notes.js'
import type {DownloadResult} from '../core/transfer/download.js'

/** what a download note says: where the bytes went and how many */
export function savedMessage(id: Id, written: DownloadResult): Note | undefined {
  if (written.path === '-') return undefined
  return saved(written.bytes, written.path, thing('vulnerability export', id))
}

// `--if-not-exists`: a create that finds its record already there succeeds with that record, so a
// script can run again. Bulk reports count such records as "already there", not as created.
import {ApiError} from '../base/errors.js'

/** the record that was already there */
export class Existing<R> {
  constructor(readonly record: R) {}
}

/** the created record, or, when the server says it is taken (`status`), the existing one */
export async function createOrExisting<R, E>(create: () => Promise<R>, status: number, existing: () => Promise<E>): Promise<R | Existing<E>> {
  try {
    return await create()
  } catch (error) {
    if (!(error instanceof ApiError && error.status === status)) throw error
    return new Existing(await existing())
  }
}

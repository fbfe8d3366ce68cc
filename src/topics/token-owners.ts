// Who owns the tokens an audit reports (issue 30): the owners' usernames and whether they are bots. A
// few owners are read one by one (GET /users/:id); more than a page's worth are read from the users list
// once (GET /users, pages fetched concurrently; the few it leaves out one by one), because thousands of owners one request each took
// thousands of requests. One by one, the lookups stop after a few failures (a /users/:id that hangs costs
// the timeout times the attempts, per owner, and an audit took hours): the report then names the owners
// left by ID, and a warning says why. An owner is a name in a report, never a reason for the audit to fail.
import type {Owner} from '../api/token-audit.js'
import {getUser, listUsers} from '../api/users.js'
import {isUserRecord} from '../core/answer/answer.js'
import {ApiError, CliError, Interrupted} from '../core/base/errors.js'
import type {ApiClient} from '../core/http/request.js'
import {readEach} from '../core/lists/bulk.js'
import {collect, DEFAULT_CONCURRENCY, followPages} from '../core/lists/pagination.js'

/** up to one page of the users list (its largest page), owners are read one by one */
export const OWNERS_READ_ONE_BY_ONE = 100
/** lookups that fail (a timeout, a server error: not a 404, which is one owner gone) before no more are started */
export const OWNER_FAILURES_BEFORE_GIVING_UP = 3

export interface Owners {
  owners: ReadonlyMap<string, Owner>
  /** why some owners are named by ID only, when the lookup gave up or could not read the list */
  warning?: string
}

/** what stops the lookups still to start once enough have failed */
class GaveUp extends CliError {}

export async function lookUpOwners(api: ApiClient, ids: readonly string[], concurrency = DEFAULT_CONCURRENCY): Promise<Owners> {
  if (ids.length === 0) return {owners: new Map()}
  return ids.length > OWNERS_READ_ONE_BY_ONE ? fromUsersList(api, ids, concurrency) : oneByOne(api, ids, concurrency)
}

async function fromUsersList(api: ApiClient, ids: readonly string[], concurrency: number): Promise<Owners> {
  const wanted = new Set(ids)
  const owners = new Map<string, Owner>()
  try {
    for (const user of (await collect(followPages(api, listUsers(), {all: true, concurrency}))).flat())
      if (isUserRecord(user) && wanted.has(String(user.id))) owners.set(String(user.id), user as Owner)
  } catch (error) {
    if (!(error instanceof CliError) || error instanceof Interrupted) throw error
    return {owners, warning: `the ${ids.length} owners are named by user ID only: reading the users list failed (${error.message})`}
  }
  // an owner the list leaves out (a kind of account some versions do not list) is read alone, when few are
  const missing = ids.filter(id => !owners.has(id))
  if (missing.length === 0) return {owners}
  if (missing.length > OWNERS_READ_ONE_BY_ONE) return {owners, warning: `${missing.length} of ${ids.length} owners are not in the users list and are named by user ID only`}
  const rest = await oneByOne(api, missing, concurrency)
  return {owners: new Map([...owners, ...rest.owners]), warning: rest.warning}
}

async function oneByOne(api: ApiClient, ids: readonly string[], concurrency: number): Promise<Owners> {
  let failures = 0
  let first: string | undefined
  const owners = await readEach(
    ids,
    id => id,
    async id => {
      if (failures >= OWNER_FAILURES_BEFORE_GIVING_UP) throw new GaveUp('not looked up')
      try {
        return await getUser(api, id)
      } catch (error) {
        if (error instanceof CliError && !(error instanceof ApiError && error.status === 404)) {
          failures++
          first ??= error.message
        }
        throw error
      }
    },
    concurrency,
  )
  if (failures < OWNER_FAILURES_BEFORE_GIVING_UP) return {owners}
  const unnamed = ids.length - owners.size
  return {
    owners,
    warning: `${unnamed} of ${ids.length} owners are named by user ID only: their lookup stopped after ${failures} failed (the first: ${first})`,
  }
}

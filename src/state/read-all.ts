// A section's records are read with its list endpoint, every page, the pages concurrently when the
// server tells their number: never one GET per record. Every record must carry what it is known by
// (its name, key or ID): a record without it cannot be told apart, and would be planned as a delete
// of `labels/undefined`, or an update of whichever record came last.

import {CliError} from '../core/base/errors.js'
import {isApiNumber} from '../core/base/exact-number.js'
import type {RequestSpec} from '../core/http/request.js'
import {collect, followPages, type ListSpec} from '../core/lists/pagination.js'
import {limiter} from './pool.js'
import type {ReadContext} from './section.js'

/** a context whose reads share one bound: --concurrency is the number of requests in flight, not per list */
export function readContext(api: ReadContext['api'], concurrency: number): ReadContext {
  return {api, concurrency, limit: limiter(concurrency)}
}

const identifies = (value: unknown) => (typeof value === 'string' && value !== '') || isApiNumber(value)

/** the shapes a section may require of a field it reads of every record, beyond identifying it */
const SHAPES = {text: (value: unknown) => typeof value === 'string', list: (value: unknown) => Array.isArray(value)} as const
const SHAPE_WORDS = {text: 'a text', list: 'a list'} as const

/**
 * every record of the list; `identity`: the fields each record must hold (a non-empty text or a number),
 * or the read is refused; `shapes`: fields the section reads as a text or a list (a URL it cuts, rules it
 * walks), refused in another shape rather than met as a TypeError
 */
export async function readAll<T>(
  context: ReadContext,
  spec: ListSpec<T>,
  identity: ReadonlyArray<keyof T & string>,
  shapes: Partial<Record<keyof T & string, keyof typeof SHAPES>> = {},
): Promise<T[]> {
  const {api, limit} = context
  const client = limit ? {url: api.url.bind(api), maxPages: api.maxPages, request: <R>(request: RequestSpec) => limit(() => api.request<R>(request))} : api
  const records = await collect(followPages(client, spec, {all: true, concurrency: context.concurrency}))
  for (const record of records) {
    const lacking = identity.find(field => record === null || typeof record !== 'object' || !identifies((record as Record<string, unknown>)[field]))
    if (lacking !== undefined) {
      throw new CliError(`the server listed a record without its ${lacking} (GET /api/v4${spec.path}), which every record of the API has: nothing was changed`)
    }
    for (const [field, shape] of Object.entries(shapes) as Array<[string, keyof typeof SHAPES]>) {
      if (!SHAPES[shape]((record as Record<string, unknown>)[field])) {
        throw new CliError(`the server listed a record whose ${field} is not ${SHAPE_WORDS[shape]} (GET /api/v4${spec.path}), as every record of the API has it: nothing was changed`)
      }
    }
  }
  return records
}

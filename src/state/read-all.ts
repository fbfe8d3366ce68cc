// A section's records are read with its list endpoint, every page, the pages concurrently when the
// server tells their number: never one GET per record.
import type {RequestSpec} from '../core/http/request.js'
import {collect, followPages, type ListSpec} from '../core/lists/pagination.js'
import {limiter} from './pool.js'
import type {ReadContext} from './section.js'

/** a context whose reads share one bound: --concurrency is the number of requests in flight, not per list */
export function readContext(api: ReadContext['api'], concurrency: number): ReadContext {
  return {api, concurrency, limit: limiter(concurrency)}
}

export function readAll<T>(context: ReadContext, spec: ListSpec<T>): Promise<T[]> {
  const {api, limit} = context
  const client = limit ? {url: api.url.bind(api), maxPages: api.maxPages, request: <R>(request: RequestSpec) => limit(() => api.request<R>(request))} : api
  return collect(followPages(client, spec, {all: true, concurrency: context.concurrency}))
}

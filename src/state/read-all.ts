// A section's records are read with its list endpoint, every page, the pages concurrently when the
// server tells their number: never one GET per record.
import {collect, followPages, type ListSpec} from '../core/lists/pagination.js'
import type {ReadContext} from './section.js'

export function readAll<T>(context: ReadContext, spec: ListSpec<T>): Promise<T[]> {
  return collect(followPages(context.api, spec, {all: true, concurrency: context.concurrency}))
}

// A small router: patterns like `/projects/:id/labels/:label_id`, matched on the raw path split at `/`,
// each segment decoded afterwards, as the platform (Rails/Grape) does: an encoded `%2F` inside a segment
// (project paths, wiki slugs, branch names) stays one parameter, and `%2E%2E` is a name (a label called
// `..`), never "the parent". Nothing here removes dot segments: a client that sends `/x/../y` is routed
// on those very segments.
import type {IncomingMessage} from 'node:http'
import {badRequest, HttpError, type Reply} from './http.js'
import type {SandboxUser, Store} from './store.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type Input = Record<string, unknown>

export interface UploadedFile {
  name: string
  type: string
  data: Buffer
}

export interface Ctx {
  method: Method
  /** path parameters, decoded */
  params: Record<string, string>
  /** query and body merged (body wins), bracketed names nested: `position[base_sha]` → input.position.base_sha */
  input: Input
  /** multipart file fields */
  files: Record<string, UploadedFile>
  /** the authenticated user, or null for an anonymous request */
  user: SandboxUser | null
  store: Store
  req: IncomingMessage
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>

interface Route {
  method: Method
  segments: string[]
  handler: Handler
  anonymous: boolean
  /** the routes file that registered it (its area in contract.ts's PLATFORM_SOURCES) */
  area: string
}

/** a route the router serves, as contract.ts's test reads them */
export interface ServedRoute {
  method: Method
  pattern: string
  area: string
}

export interface RouteOptions {
  /** allow requests without a token (the handler decides what an anonymous caller may see) */
  anonymous?: boolean
}

export class Router {
  private readonly routes: Route[] = []
  /** set by the loader while one routes file registers its routes */
  area = ''

  add(method: Method, pattern: string, handler: Handler, options: RouteOptions = {}): this {
    this.routes.push({method, segments: pattern.split('/').filter(Boolean), handler, anonymous: options.anonymous ?? false, area: this.area})
    return this
  }

  /** every route served, with the area that registered it */
  served(): ServedRoute[] {
    return this.routes.map(route => ({method: route.method, pattern: `/${route.segments.join('/')}`, area: route.area}))
  }

  get(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('GET', pattern, handler, options)
  }

  post(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('POST', pattern, handler, options)
  }

  put(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('PUT', pattern, handler, options)
  }

  patch(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('PATCH', pattern, handler, options)
  }

  delete(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('DELETE', pattern, handler, options)
  }

  /** the route for a method and raw path, with decoded params; `null` when nothing matches */
  match(method: string, rawPath: string): {route: Route; params: Record<string, string>} | {allowed: Method[]} | null {
    const parts = rawPath.split('/').filter(Boolean)
    const allowed: Method[] = []
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts)
      if (!params) continue
      if (route.method === method) return {route, params}
      allowed.push(route.method)
    }
    return allowed.length > 0 ? {allowed} : null
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null
  const params: Record<string, string> = {}
  for (const [i, seg] of pattern.entries()) {
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeSegment(parts[i]!)
    else if (seg !== parts[i]) return null
  }
  return params
}

/** a broken escape (`%E0%A4%A`) is the client's mistake: 400, as Rails answers it, not a 500 */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw badRequest('invalid percent-encoding in the path')
  }
}

// ---- input helpers used by the route files -------------------------------------------------------

/** a required string input: 400 `{"error": "name is missing"}` when absent, as the platform answers */
export function requireString(input: Input, name: string): string {
  const value = input[name]
  if (value === undefined || value === null || value === '') throw badRequest(`${name} is missing`)
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`${name} is invalid`)
  return String(value)
}

export function optionalString(input: Input, name: string): string | undefined {
  const value = input[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`${name} is invalid`)
  return String(value)
}

// The words the platform (Grape, through dry-types' Params::Bool) reads as a boolean: clients send more
// than true/false (python-gitlab puts Python's `True` in a query, others `1`, `yes`, `on`).
const TRUE_WORDS = new Set(['true', 'True', 'TRUE', 't', 'T', '1', 'yes', 'Yes', 'YES', 'y', 'Y', 'on', 'On', 'ON'])
const FALSE_WORDS = new Set(['false', 'False', 'FALSE', 'f', 'F', '0', 'no', 'No', 'NO', 'n', 'N', 'off', 'Off', 'OFF'])

/** a boolean as the platform reads one (a JSON boolean or number, or one of its words); undefined when it is none */
export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (value === 1 || value === 0) return value === 1
  if (typeof value !== 'string') return undefined
  if (TRUE_WORDS.has(value)) return true
  if (FALSE_WORDS.has(value)) return false
  return undefined
}

/** a boolean input (JSON, query or form, in any of the platform's words); 400 `name is invalid` otherwise */
export function optionalBoolean(input: Input, name: string): boolean | undefined {
  const value = input[name]
  if (value === undefined || value === null || value === '') return undefined
  const read = readBoolean(value)
  if (read === undefined) throw badRequest(`${name} is invalid`)
  return read
}

export function optionalInteger(input: Input, name: string): number | undefined {
  const value = input[name]
  if (value === undefined || value === null || value === '') return undefined
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isInteger(n)) throw badRequest(`${name} is invalid`)
  return n
}

/** arrays arrive as JSON arrays, repeated `name[]` fields, or a comma list */
export function optionalArray(input: Input, name: string): string[] | undefined {
  const value = input[name]
  if (value === undefined || value === null) return undefined
  if (Array.isArray(value)) return value.map(String)
  if (typeof value === 'string') return value.split(',').filter(Boolean)
  throw badRequest(`${name} is invalid`)
}

export function oneOf<T extends string>(input: Input, name: string, allowed: readonly T[]): T | undefined {
  const value = optionalString(input, name)
  if (value === undefined) return undefined
  if (!allowed.includes(value as T)) throw badRequest(`${name} does not have a valid value`)
  return value as T
}

export {HttpError}

// Replies and errors of the sandbox, in the platform's shapes:
//   {"message": "404 Label Not Found"}            not found, forbidden, conflicts
//   {"error": "name is missing"}                   a missing or invalid parameter
//   {"message": "400 Bad request - reason"}       a problem the endpoint finds (bad_request! in the platform)
//   {"message": {"title": ["has already been taken"]}}   model validation
import type {Readable} from 'node:stream'

export interface Reply {
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** a raw body (file download); `body` is ignored when set */
  raw?: Buffer | string | Readable
  contentType?: string
}

export const ok = (body: unknown, status = 200): Reply => ({status, body})
export const created = (body: unknown): Reply => ({status: 201, body})
export const accepted = (body: unknown = {message: '202 Accepted'}): Reply => ({status: 202, body})
export const noContent = (): Reply => ({status: 204})
export const notModified = (): Reply => ({status: 304})

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body))
  }
}

/** 404 in the platform's words: `notFound('Label')` → {"message": "404 Label Not Found"} */
export const notFound = (what = ''): HttpError => new HttpError(404, {message: `404 ${what ? what + ' ' : ''}Not Found`})
export const forbidden = (message = '403 Forbidden'): HttpError => new HttpError(403, {message})
export const unauthorized = (): HttpError => new HttpError(401, {message: '401 Unauthorized'})
/** a parameter problem: {"error": "..."} */
export const badRequest = (error: string): HttpError => new HttpError(400, {error})
/** a problem the endpoint itself finds (not its parameter declarations): {"message": "400 Bad request - ..."} */
export const badRequestMessage = (reason: string): HttpError => new HttpError(400, {message: `400 Bad request - ${reason}`})
/** a model validation problem: {"message": {field: [reasons]}} or {"message": "..."} */
export const invalid = (status: 400 | 409 | 422, message: string | Record<string, string[]>): HttpError => new HttpError(status, {message})

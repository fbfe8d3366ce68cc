// The sandbox's own address, for `web_url`, avatar URLs and pagination links. The platform builds them
// on its external URL; a client (python-gitlab) warns "The base URL in the server response differs from
// the user-provided base URL" when they point elsewhere, and follows `Link` pages wherever they point.
// The sandbox has no configured external URL, so it answers each request on the address the client
// used (its Host header), and falls back to the listening URL for a request without one.
import {AsyncLocalStorage} from 'node:async_hooks'
import type {IncomingMessage} from 'node:http'
import type {TLSSocket} from 'node:tls'

const current = new AsyncLocalStorage<string>()

/** `http://host:port` as this request reached the sandbox, else `fallback` (the listening URL) */
export function requestBase(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host
  if (!host || !/^[A-Za-z0-9.\-:[\]]+$/.test(host)) return fallback
  const scheme = (req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http'
  return `${scheme}://${host}`
}

/** runs one request's handling with its base address in scope */
export function withBase<T>(base: string, action: () => T): T {
  return current.run(base, action)
}

/**
 * An absolute web address on the sandbox: `webUrl('acme/website')` → `http://127.0.0.1:8080/acme/website`.
 * Outside a request (a test reading the store) it answers on `http://localhost`.
 */
export function webUrl(path = ''): string {
  const base = current.getStore() ?? 'http://localhost'
  return path === '' ? base : `${base}/${path.replace(/^\/+/, '')}`
}

/** the bare host name, for `git@host:path.git` addresses */
export function webHost(): string {
  return new URL(webUrl()).hostname
}

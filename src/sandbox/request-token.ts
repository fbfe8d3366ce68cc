// Where a request carries its access token: the PRIVATE-TOKEN header, else the private_token query
// parameter. One place, so that authentication (server.ts) and the scope checks of the token API
// (token-scopes.ts) always look at the same token.
import type {IncomingMessage} from 'node:http'

export function requestToken(req: IncomingMessage): string | undefined {
  const header = req.headers['private-token']
  return (Array.isArray(header) ? header[0] : header) ?? new URL(req.url ?? '/', 'http://sandbox').searchParams.get('private_token') ?? undefined
}

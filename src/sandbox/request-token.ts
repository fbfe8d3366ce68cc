// Where a request carries its access token: the PRIVATE-TOKEN header, else `Authorization: Bearer`
// (how OAuth clients and python-gitlab's oauth_token send a personal access token, which the platform
// accepts too), else the private_token query parameter. One place, so that authentication (server.ts)
// and the scope checks of the token API (token-scopes.ts) always look at the same token.
import type {IncomingMessage} from 'node:http'

export function requestToken(req: IncomingMessage): string | undefined {
  const header = req.headers['private-token']
  const privateToken = Array.isArray(header) ? header[0] : header
  if (privateToken !== undefined) return privateToken
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1]
  if (bearer !== undefined) return bearer
  return new URL(req.url ?? '/', 'http://sandbox').searchParams.get('private_token') ?? undefined
}

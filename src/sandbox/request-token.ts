// Where a request carries its access token, in the platform's order: the private_token parameter, the
// PRIVATE-TOKEN header, then `Authorization: Bearer` (how OAuth clients and python-gitlab's oauth_token
// send a personal access token, which the platform accepts too); an empty one is no token, and the next
// place is read (the platform's `.presence`). One place, so that authentication (server.ts) and the
// scope checks of the token API (token-scopes.ts) always look at the same token.
import type {IncomingMessage} from 'node:http'

export function requestToken(req: IncomingMessage): string | undefined {
  const parameter = new URL(req.url ?? '/', 'http://sandbox').searchParams.get('private_token')
  const header = req.headers['private-token']
  const privateToken = Array.isArray(header) ? header[0] : header
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1]
  return [parameter, privateToken, bearer].find(token => token !== undefined && token !== null && token !== '') ?? undefined
}

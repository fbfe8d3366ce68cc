// The current user: the platform's token check (`GET /user`).
import {isUserRecord, notAUser} from '../core/answer/answer.js'
import {type ApiId, sameId} from '../core/answer/exact-number.js'
import {CliError} from '../core/command/errors.js'
import {type ApiClient, apiPath} from '../core/http/request.js'

export interface CurrentUser {
  id: ApiId
  username: string
  name: string
  state: string
  email?: string
  is_admin?: boolean
  bot?: boolean
  web_url?: string
}

/** `auth login` stores a token only after this: a 200 from something that is not the API proves nothing */
export async function currentUser(api: ApiClient): Promise<CurrentUser> {
  const user = await api.get<unknown>('/user')
  if (!isUserRecord(user)) throw notAUser(user, api.connection.host)
  return user as CurrentUser
}

/** a user by ID (`GET /users/:id`): the owner of a token, named in an audit */
export async function getUser(api: ApiClient, id: string): Promise<CurrentUser> {
  const user = await api.get<unknown>(apiPath`/users/${id}`)
  if (!isUserRecord(user)) throw notAUser(user, api.connection.host, `/users/${id}`)
  // another user's record (a cache or proxy that drops the path's ID) would lend a token its owner's name
  if (!sameId(user.id, id)) throw new CliError(`unexpected answer from ${api.connection.host}: GET /api/v4/users/${id} returned user ${String(user.id)}, not the user asked for`)
  return user as CurrentUser
}

// The current user: the platform's token check (`GET /user`).
import {isUserRecord, notAUser} from '../core/answer/answer.js'
import type {ApiId} from '../core/base/exact-number.js'
import type {ApiClient} from '../core/http/request.js'

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

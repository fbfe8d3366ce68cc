// The current user: the platform's token check (`GET /user`).
import type {ApiClient} from '../core/request.js'

export interface CurrentUser {
  id: number
  username: string
  name: string
  state: string
  email?: string
  is_admin?: boolean
  bot?: boolean
  web_url?: string
}

export function currentUser(api: ApiClient): Promise<CurrentUser> {
  return api.get<CurrentUser>('/user')
}

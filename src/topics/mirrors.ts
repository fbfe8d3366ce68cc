// Push mirrors answer 401, not 403, to a member below Maintainer: every route of lib/api/remote_mirrors.rb
// begins with `unauthorized! unless can?(current_user, :admin_remote_mirror, user_project)`. Read as a
// rejected token, that 401 would tell a Developer to log in again; so a mirror command's 401 is checked
// against the token itself (tokens.ts's tokenOfAnother) and told as the role it lacks when the token is good.
import type {ApiClient} from '../core/http/request.js'
import {tokenOfAnother} from './tokens.js'

export function asMaintainer<T>(api: ApiClient, project: string, work: () => Promise<T>): Promise<T> {
  return tokenOfAnother(api, `the push mirrors of project ${project} need the Maintainer role`, work)
}

// Shapes that several areas of the spec embed in their records.

import type {ApiId} from '../core/base/exact-number.js'

/** "Project summary: id, description (nullable), name, name_with_namespace, path, path_with_namespace, created_at" */
export interface ProjectSummary {
  id: ApiId
  description: string | null
  name: string
  name_with_namespace: string
  path: string
  path_with_namespace: string
  created_at: string
}

/** the user object records carry: "id, name, username, state, avatar_url, web_url" */
export interface UserBasic {
  id: ApiId
  name: string
  username: string
  state: string
  avatar_url: string | null
  web_url: string
}

// SSH key and deploy key lookup (document 1, "Keys lookup", administrator): /keys/:id, /keys?fingerprint=.

import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {declare} from '../core/input/input.js'
import type {UserBasic} from './common.js'
import {fingerprint, publicKey} from './public-key.js'

/** the key's owner, as the platform's Entities::UserPublic: the spec's subset up to `organization`, and the rest */
export interface KeyOwner extends UserBasic {
  created_at: string
  bio: string | null
  location: string | null
  public_email: string | null
  professional_network_url: string | null
  microblog_url: string | null
  website_url: string | null
  organization: string | null
  last_sign_in_at?: string | null
  confirmed_at?: string | null
  /** a date */
  last_activity_on?: string | null
  email?: string
  theme_id?: ApiId | null
  color_scheme_id?: ApiId | null
  projects_limit?: number
  current_sign_in_at?: string | null
  identities?: unknown[]
  can_create_group?: boolean
  can_create_project?: boolean
  two_factor_enabled?: boolean
  external?: boolean
  private_profile?: boolean
  commit_email?: string | null
  shared_runners_minutes_limit?: number | null
  extra_shared_runners_minutes_limit?: number | null
}

/** the projects a deploy key is enabled in, in a lookup by a deploy key's fingerprint */
export interface DeployKeyProject {
  id: ApiId
  deploy_key_id: ApiId
  project_id: ApiId
  created_at: string
  updated_at: string
  can_push: boolean
}

export interface SshKeyRecord {
  id: ApiId
  title: string
  key: string
  created_at: string
  expires_at: string | null
  last_used_at: string | null
  /** auth or auth_and_signing */
  usage_type: string
  user: KeyOwner
  /** only when the fingerprint belongs to a deploy key, with the deploy key's fingerprints */
  deploy_keys_projects?: DeployKeyProject[]
  fingerprint?: string
  fingerprint_sha256?: string
}

export const KEY_COLUMNS = ['id', 'title', 'usage_type', 'user.username', 'created_at', 'expires_at', 'last_used_at'] as const

export function getKey(api: ApiClient, id: Id): Promise<SshKeyRecord> {
  return api.get<SshKeyRecord>(apiPath`/keys/${id}`)
}

/** GET /keys?fingerprint=: the fingerprint, in the form the API looks up */
export const KEY_LOOKUP = declare({
  fingerprint: fingerprint({arg: true, required: true, description: "the key's SHA256 or MD5 fingerprint, or --key-file"}),
})

/**
 * Instead of FINGERPRINT, the public key whose SHA256 fingerprint is computed locally. Not an input
 * the API takes, and given only as a file (`keys lookup --key-file`): the command reads that file and
 * checks its text with this rule.
 */
export const KEY_TO_LOOK_UP = declare({
  key: publicKey({description: 'public key file to look up by its SHA256 fingerprint (- for standard input)'}),
})

/**
 * `fingerprint` as KEY_LOOKUP gives it (SHA256:... or the bare MD5). The query is
 * URL-encoded, so the SHA256 form goes out with its colon and slashes as %3A and %2F, as the spec asks.
 */
export function lookupKey(api: ApiClient, fingerprint: string): Promise<SshKeyRecord> {
  return api.get<SshKeyRecord>('/keys', {fingerprint})
}

// Deploy keys (document 1, "Deploy keys"): /deploy_keys (instance, administrator),
// /projects/:id/deploy_keys, /users/:id_or_username/project_deploy_keys.

import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, dateTime, declare, optional, text, type Values} from '../core/input/input.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import {collection} from './collection.js'
import type {ProjectSummary} from './common.js'
import {publicKey} from './public-key.js'

export interface DeployKey {
  id: ApiId
  title: string
  /** public key text */
  key: string
  /** MD5, colon-separated hex; unavailable on FIPS-enabled systems */
  fingerprint?: string
  /** `SHA256:` + base64 (from release 15.2) */
  fingerprint_sha256: string
  created_at: string
  expires_at: string | null
  /** values seen: auth, auth_and_signing */
  usage_type?: string
  /** project-scoped responses */
  can_push?: boolean
  /** instance list */
  projects_with_write_access?: ProjectSummary[]
  /** instance list (from release 16.0) */
  projects_with_readonly_access?: ProjectSummary[]
}

export const DEPLOY_KEY_COLUMNS = ['id', 'title', 'fingerprint_sha256', 'can_push', 'created_at', 'expires_at'] as const
/** the instance and user lists have no per-project can_push */
export const UNSCOPED_DEPLOY_KEY_COLUMNS = ['id', 'title', 'fingerprint_sha256', 'created_at', 'expires_at'] as const

/** GET /deploy_keys: the filter of the instance list */
export const DEPLOY_KEY_FILTERS = declare({
  public: boolean({description: 'instance list only: only public keys (API default: false)'}),
})
export type DeployKeyFilters = Values<typeof DEPLOY_KEY_FILTERS>

const TITLE = text({required: true, description: 'title of the key'})

/** POST /deploy_keys (administrator): a public key of the instance */
export const NEW_DEPLOY_KEY = declare({
  title: TITLE,
  key: publicKey({required: true, file: true, description: 'public key text ("ssh-ed25519 AAAA... comment")'}),
  expires_at: dateTime({description: 'expiry as an ISO 8601 date-time (default: never)'}),
})
export type NewDeployKey = Values<typeof NEW_DEPLOY_KEY>

/** POST /projects/:id/deploy_keys: the same, and push access in that project */
export const NEW_PROJECT_DEPLOY_KEY = declare({
  ...NEW_DEPLOY_KEY,
  can_push: boolean({description: 'project keys only: allow pushing (API default: false)'}),
})
export type NewProjectDeployKey = Values<typeof NEW_PROJECT_DEPLOY_KEY>

/** PUT /projects/:id/deploy_keys/:key_id: the title is the key's own, can_push this project's */
export const DEPLOY_KEY_CHANGES = declare({
  title: optional(TITLE, {description: 'new title'}),
  can_push: boolean({description: 'allow (or, with --no-can-push, forbid) pushing to this project'}),
})
export type DeployKeyChanges = Values<typeof DEPLOY_KEY_CHANGES>

const projectKeys = collection<{parent: string; item: DeployKey; create: NewProjectDeployKey; update: DeployKeyChanges}>(project => apiPath`/projects/${project}/deploy_keys`)

/** administrator; `public`: only the instance's public keys */
export function listInstanceDeployKeys(filters: DeployKeyFilters = {}): ListSpec<DeployKey> {
  return listSpec<DeployKey>('/deploy_keys', {...filters})
}

export const listProjectDeployKeys = (project: string) => projectKeys.list(project)

/**
 * POST here adds a key. A key text already used in another project is joined (same ID, can_push of
 * this project) when the original is accessible by the same user; otherwise the server refuses it.
 * deploy-key-add.ts tells the cases apart.
 */
export const projectDeployKeysPath = projectKeys.path

/** "only enabled project keys of projects common to requester and requestee" */
export function listUserProjectDeployKeys(user: string): ListSpec<DeployKey> {
  return listSpec<DeployKey>(apiPath`/users/${user}/project_deploy_keys`)
}

export const getProjectDeployKey = projectKeys.get

/** administrator: a public key of the instance, enabled in no project yet */
export function createInstanceDeployKey(api: ApiClient, key: NewDeployKey): Promise<DeployKey> {
  return api.post<DeployKey>('/deploy_keys', {...key})
}

/** title changes the key everywhere; can_push only in this project */
export const updateProjectDeployKey = projectKeys.update

/** "if used only by this project it is deleted from the system" */
export const deleteProjectDeployKey = projectKeys.remove

/** an existing key, by ID, into another project: 201 with the key */
export function enableProjectDeployKey(api: ApiClient, project: string, id: Id): Promise<DeployKey> {
  return api.post<DeployKey>(`${projectKeys.member(project, id)}/enable`)
}

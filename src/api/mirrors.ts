// Project remote (push) mirrors (document 2, "Remote mirrors (project)"): /projects/:id/remote_mirrors.
import {UsageError} from '../core/errors.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import type {PollState} from '../core/poll.js'
import {apiPath, type ApiClient} from '../core/request.js'
import type {Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

export const AUTH_METHODS = ['ssh_public_key', 'password'] as const
export type AuthMethod = (typeof AUTH_METHODS)[number]
export const UPDATE_STATUSES = ['none', 'scheduled', 'started', 'finished', 'failed'] as const

export interface RemoteMirror {
  id: number
  /** username and password always scrubbed by the server */
  url: string
  auth_method: AuthMethod
  enabled: boolean
  keep_divergent_refs: boolean
  only_protected_branches: boolean
  /** not in the spec's field table; the platform returns it with the settings (Premium and Ultimate) */
  mirror_branch_regex?: string | null
  update_status: (typeof UPDATE_STATUSES)[number]
  /** null when the last attempt succeeded */
  last_error: string | null
  last_update_at: string | null
  last_update_started_at: string | null
  last_successful_update_at: string | null
  host_keys: Array<{fingerprint_sha256: string}>
}
export const MIRROR_FIELDS = fieldList<RemoteMirror>()(['id', 'url', 'auth_method', 'enabled', 'keep_divergent_refs',
  'only_protected_branches', 'mirror_branch_regex', 'update_status', 'last_error', 'last_update_at',
  'last_update_started_at', 'last_successful_update_at', 'host_keys'])

export const MIRROR_COLUMNS = ['id', 'url', 'enabled', 'update_status', 'last_update_at', 'last_error'] as const

export interface MirrorSettings {
  auth_method?: AuthMethod
  enabled?: boolean
  keep_divergent_refs?: boolean
  mirror_branch_regex?: string
  only_protected_branches?: boolean
}

export interface NewMirror extends MirrorSettings {
  url: string
}

const mirrorsPath = (project: string) => apiPath`/projects/${project}/remote_mirrors`
const mirrorPath = (project: string, id: Id) => `${mirrorsPath(project)}${apiPath`/${id}`}`

export function listMirrors(project: string): ListSpec<RemoteMirror> {
  return listSpec<RemoteMirror>(mirrorsPath(project))
}

export function getMirror(api: ApiClient, project: string, id: Id): Promise<RemoteMirror> {
  return api.get<RemoteMirror>(mirrorPath(project, id))
}

/** "for SSH-authenticated mirrors" */
export function getMirrorPublicKey(api: ApiClient, project: string, id: Id): Promise<{public_key: string}> {
  return api.get<{public_key: string}>(`${mirrorPath(project, id)}/public_key`)
}

export function createMirror(api: ApiClient, project: string, mirror: NewMirror): Promise<RemoteMirror> {
  return api.post<RemoteMirror>(mirrorsPath(project), {...mirror})
}

export function updateMirror(api: ApiClient, project: string, id: Id, changes: MirrorSettings): Promise<RemoteMirror> {
  return api.put<RemoteMirror>(mirrorPath(project, id), {...changes})
}

/** 204: "forces an update" */
export function syncMirror(api: ApiClient, project: string, id: Id): Promise<void> {
  return api.request<void>({method: 'POST', path: `${mirrorPath(project, id)}/sync`, expect: 'none'}).then(() => undefined)
}

export function deleteMirror(api: ApiClient, project: string, id: Id): Promise<void> {
  return api.delete(mirrorPath(project, id))
}

/**
 * A poller for the update that a sync forced. `before` is the mirror as it was just before the sync: a
 * `finished` or `failed` status counts only once the server has moved past it (it was seen scheduled or
 * started, or the last attempt's time changed), so an old result is never taken for the new one.
 */
export function mirrorSyncPoller(api: ApiClient, project: string, before: RemoteMirror): () => Promise<PollState<RemoteMirror>> {
  let moved = false
  return async () => {
    const mirror = await getMirror(api, project, before.id)
    const status = mirror.update_status
    if (status === 'scheduled' || status === 'started') moved = true
    const fresh = moved || mirror.last_update_at !== before.last_update_at
    if (fresh && status === 'finished') return {state: 'done', value: mirror}
    if (fresh && status === 'failed') return {state: 'failed', message: mirror.last_error ?? 'the update failed (the server gave no error)'}
    return {state: 'running', status}
  }
}

const MIRROR_SCHEMES = ['http:', 'https:', 'ssh:', 'git:']

/** the mirror URL must be an absolute URL the platform can push to */
export function validMirrorUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`--url must be an absolute URL such as https://host/group/repo.git, got "${scrubUrl(value)}"`)
  }
  if (!MIRROR_SCHEMES.includes(url.protocol) || url.hostname === '') {
    throw new UsageError(`--url must use http, https, ssh or git and name a host, got "${scrubUrl(value)}"`)
  }
  return value
}

/** "mirror_branch_regex (string; needs only_protected_branches disabled)" */
export function checkBranchRegex(flags: {'mirror-branch-regex'?: string; 'only-protected-branches'?: boolean}): void {
  if (flags['mirror-branch-regex'] !== undefined && flags['only-protected-branches'] === true) {
    throw new UsageError('--mirror-branch-regex needs only_protected_branches disabled: drop --only-protected-branches (or pass --no-only-protected-branches)')
  }
}

/** credentials never go to the terminal, even in our own messages */
function scrubUrl(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/i, '$1*****@')
}


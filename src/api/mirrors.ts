// Project remote (push) mirrors (document 2, "Remote mirrors (project)"): /projects/:id/remote_mirrors.

import {UsageError} from '../core/base/errors.js'
import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {absoluteUrl, boolean, choice, custom, declare, inputLabel, RuleBroken, renamed, text, type Values} from '../core/input/input.js'
import type {PollState} from '../core/transfer/poll.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'

export const AUTH_METHODS = ['ssh_public_key', 'password'] as const
export type AuthMethod = (typeof AUTH_METHODS)[number]
/** app/models/remote_mirror.rb's update_status machine: a queued update leaves the status as it was; to_retry waits for a retry */
export const UPDATE_STATUSES = ['none', 'started', 'finished', 'failed', 'to_retry'] as const

export interface RemoteMirror {
  id: ApiId
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
export const MIRROR_FIELDS = fieldList<RemoteMirror>()([
  'id',
  'url',
  'auth_method',
  'enabled',
  'keep_divergent_refs',
  'only_protected_branches',
  'mirror_branch_regex',
  'update_status',
  'last_error',
  'last_update_at',
  'last_update_started_at',
  'last_successful_update_at',
  'host_keys',
])

export const MIRROR_COLUMNS = ['id', 'url', 'enabled', 'update_status', 'last_update_at', 'last_error'] as const

const MIRROR_SCHEMES = ['http:', 'https:', 'ssh:', 'git:']
const URL_RULE = 'an absolute http, https, ssh or git URL naming a host, such as https://host/group/repo.git'

/**
 * The URL to push to. It often carries credentials (https://bot:TOKEN@host/...), even when mistyped
 * (bot:TOKEN@host/a.git): it is `secret`, so a refusal never shows it and a prompt masks it.
 */
const mirrorUrl = custom<string, true>({
  description: 'URL to push to: http, https, ssh or git',
  required: true,
  secret: true,
  helpValue: 'URL',
  hint: URL_RULE,
  parse: value => {
    const url = absoluteUrl(value)
    if (!url || !MIRROR_SCHEMES.includes(url.protocol) || url.hostname === '') throw new RuleBroken(`must be ${URL_RULE}`)
    return value
  },
})

/** PUT .../remote_mirrors/:mirror_id: every setting optional; the URL cannot change */
export const MIRROR_CHANGES = declare({
  auth_method: choice(AUTH_METHODS, {description: 'how to authenticate to the target'}),
  enabled: boolean({description: 'turn push mirroring on or (--no-enabled) off'}),
  keep_divergent_refs: boolean({description: 'do not overwrite refs that diverged on the target'}),
  only_protected_branches: boolean({description: 'mirror protected branches only (takes a branch regex away)'}),
  // "" takes the filter away: every branch is mirrored again
  mirror_branch_regex: text({description: 'mirror only branches matching this RE2 expression (turns only_protected_branches off; Premium)', empty: 'clears'}),
})
export type MirrorChanges = Values<typeof MIRROR_CHANGES>

/** POST .../remote_mirrors: the URL required, the settings as for an update */
export const NEW_MIRROR = declare({
  url: mirrorUrl,
  ...MIRROR_CHANGES,
  enabled: boolean({description: 'turn push mirroring on (API default: off)'}),
  // on a new mirror "" is no filter at all, which the platform takes
  mirror_branch_regex: renamed(MIRROR_CHANGES.mirror_branch_regex, {empty: 'value'}),
})
export type NewMirror = Values<typeof NEW_MIRROR>

/**
 * The platform (EE) declares only_protected_branches and mirror_branch_regex mutually exclusive: both
 * sent is a 400 whatever their values (ee/lib/ee/api/helpers/remote_mirrors_helpers.rb), and either one
 * alone switches the other off. Refused before sending, saying so.
 */
export function checkBranchRegex(mirror: MirrorChanges): void {
  if (mirror.mirror_branch_regex !== undefined && mirror.only_protected_branches !== undefined) {
    const [regex, only] = [inputLabel(MIRROR_CHANGES.mirror_branch_regex), inputLabel(MIRROR_CHANGES.only_protected_branches)]
    throw new UsageError(`give ${regex} or ${only}, not both: the server takes one at a time (a branch regex turns only_protected_branches off, and ${only} takes the regex away)`)
  }
}

const mirrors = collection<{parent: string; item: RemoteMirror; create: NewMirror; update: MirrorChanges}>(project => apiPath`/projects/${project}/remote_mirrors`)
const mirrorPath = mirrors.member

export const listMirrors = (project: string) => mirrors.list(project)

export const getMirror = mirrors.get

/** "for SSH-authenticated mirrors" */
export function getMirrorPublicKey(api: ApiClient, project: string, id: Id): Promise<{public_key: string}> {
  return api.get<{public_key: string}>(`${mirrorPath(project, id)}/public_key`)
}

export const createMirror = mirrors.create

export const updateMirror = mirrors.update

/** 204: "forces an update" */
export function syncMirror(api: ApiClient, project: string, id: Id): Promise<void> {
  return api.request<void>({method: 'POST', path: `${mirrorPath(project, id)}/sync`, expect: 'none'}).then(() => undefined)
}

export const deleteMirror = mirrors.remove

/**
 * A poller for the update that a sync forced. `before` is the mirror as it was just before the sync: a
 * queued update leaves the status as it was, so a `finished` or `failed` status counts only once the
 * server has moved past it (it was seen started, or the last attempt's time changed), and an old result
 * is never taken for the new one.
 */
export function mirrorSyncPoller(api: ApiClient, project: string, before: RemoteMirror): () => Promise<PollState<RemoteMirror>> {
  let moved = false
  return async () => {
    const mirror = await getMirror(api, project, before.id)
    const status = mirror.update_status
    if (status === 'started') moved = true
    const fresh = moved || mirror.last_update_at !== before.last_update_at
    if (fresh && status === 'finished') return {state: 'done', value: mirror}
    if (fresh && status === 'failed') return {state: 'failed', message: mirror.last_error ?? 'the update failed (the server gave no error)'}
    return {state: 'running', status}
  }
}

// Enterprise users of a top-level group (document 1, "Enterprise user", "Enterprise users (Owner role;
// top-level groups only; users need not be members)"): /groups/:id/enterprise_users.

import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, custom, dateTime, declare, RuleBroken, text, type Values} from '../core/input/input.js'
import {oneTarget} from '../core/input/scope.js'
import {collection} from './collection.js'
import type {UserBasic} from './common.js'
import {fieldList} from './record-fields.js'
import {userRef} from './users.js'

/** "two_factor (enabled or disabled)" */
export const TWO_FACTOR_FILTERS = ['enabled', 'disabled'] as const

export interface EnterpriseUser extends UserBasic {
  created_at: string
  bio: string
  location: string
  public_email: string
  professional_network_url: string
  microblog_url: string
  website_url: string
  organization: string
  job_title: string
  pronouns: string | null
  bot: boolean
  work_information: string | null
  followers: number
  following: number
  local_time: string | null
  last_sign_in_at: string | null
  confirmed_at: string | null
  last_activity_on: string | null
  email: string
  theme_id: ApiId
  color_scheme_id: ApiId
  projects_limit: number
  current_sign_in_at: string | null
  identities: Array<{provider: string; extern_uid: string; saml_provider_id: ApiId | null}>
  can_create_group: boolean
  can_create_project: boolean
  two_factor_enabled: boolean
  external: boolean
  private_profile: boolean
  commit_email: string
  shared_runners_minutes_limit: number | null
  extra_shared_runners_minutes_limit: number | null
  scim_identities: Array<{extern_uid: string; group_id: ApiId; active: boolean}>
}
export const ENTERPRISE_USER_FIELDS = fieldList<EnterpriseUser>()([
  'id',
  'username',
  'name',
  'state',
  'avatar_url',
  'web_url',
  'created_at',
  'bio',
  'location',
  'public_email',
  'professional_network_url',
  'microblog_url',
  'website_url',
  'organization',
  'job_title',
  'pronouns',
  'bot',
  'work_information',
  'followers',
  'following',
  'local_time',
  'last_sign_in_at',
  'confirmed_at',
  'last_activity_on',
  'email',
  'theme_id',
  'color_scheme_id',
  'projects_limit',
  'current_sign_in_at',
  'identities',
  'can_create_group',
  'can_create_project',
  'two_factor_enabled',
  'external',
  'private_profile',
  'commit_email',
  'shared_runners_minutes_limit',
  'extra_shared_runners_minutes_limit',
  'scim_identities',
])

export const ENTERPRISE_USER_COLUMNS = ['id', 'username', 'name', 'email', 'state', 'two_factor_enabled'] as const

/**
 * "top-level groups only": a full path with a slash names a subgroup, refused before sending. A numeric
 * ID cannot be told apart here; the server answers for it.
 */
export const ENTERPRISE_GROUP = declare({
  group: custom({
    char: 'g',
    required: true,
    description: 'top-level group ID or path',
    hint: 'not a subgroup (a path with /)',
    parse: value => {
      if (oneTarget(value, 'group').includes('/')) throw new RuleBroken('enterprise users belong to top-level groups only, and this path names a subgroup')
      return value
    },
  }),
})

/** GET /groups/:id/enterprise_users: the filters, which combine */
export const ENTERPRISE_USER_FILTERS = declare({
  username: text({description: 'only the user with this username'}),
  // "partial values allowed": an empty search matches everyone, as the platform does
  search: text({description: 'match name, e-mail or username (partial values allowed)', empty: 'value'}),
  active: boolean({description: 'only active users (the platform treats false as no filter)'}),
  blocked: boolean({description: 'only blocked users (the platform treats false as no filter)'}),
  created_after: dateTime({description: 'only users created after this time'}),
  created_before: dateTime({description: 'only users created before this time'}),
  two_factor: choice(TWO_FACTOR_FILTERS, {description: 'only users with two-factor authentication enabled or disabled'}),
})
export type EnterpriseUserFilters = Values<typeof ENTERPRISE_USER_FILTERS>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * USER_ID: an ID, or a username looked up among the group's enterprise users (GET
 * /groups/:id/enterprise_users?username=), not among every user: the lookup answers for that group
 * only, as the call after it does. Read together with ENTERPRISE_GROUP, whose `group` it takes.
 */
export const ENTERPRISE_USER = declare({
  user_id: userRef({arg: true, flag: 'user_id', required: true, description: 'user ID or username of the enterprise user'}, given => ({
    path: apiPath`/groups/${String(given.group)}/enterprise_users`,
    who: `enterprise user of group ${String(given.group)}`,
  })),
})

/** PATCH /groups/:id/enterprise_users/:user_id; at least one of them (see the update command) */
export const ENTERPRISE_USER_CHANGES = declare({
  name: text({description: 'new name'}),
  // "must belong to a verified group domain": only the server knows the domains; a text that is no
  // address at all (no @, no dot in the domain) can belong to none of them
  email: custom({
    description: 'new e-mail address, on a verified domain of the group',
    helpValue: 'EMAIL',
    hint: 'an e-mail address such as jane@example.com',
    parse: value => {
      if (!EMAIL.test(value)) throw new RuleBroken('must be an e-mail address such as jane@example.com')
      return value
    },
  }),
})
export type EnterpriseUserChanges = Values<typeof ENTERPRISE_USER_CHANGES>

/**
 * DELETE: "hard_delete (boolean, default false): false moves contributions to a system-wide placeholder
 * user; true deletes the user, contributions and groups owned solely by the user"
 */
export const ENTERPRISE_USER_DELETION = declare({
  hard_delete: boolean({description: 'also delete the contributions and the groups owned solely by the user (API default: no)'}),
})
export type EnterpriseUserDeletion = Values<typeof ENTERPRISE_USER_DELETION>

const users = collection<{parent: string; item: EnterpriseUser; filters: EnterpriseUserFilters}>(group => apiPath`/groups/${group}/enterprise_users`)
const userPath = users.member

export const listEnterpriseUsers = users.list

export const getEnterpriseUser = users.get

export function updateEnterpriseUser(api: ApiClient, group: string, id: Id, changes: EnterpriseUserChanges): Promise<EnterpriseUser> {
  return api.patch<EnterpriseUser>(userPath(group, id), {...changes})
}

export function deleteEnterpriseUser(api: ApiClient, group: string, id: Id, options: EnterpriseUserDeletion = {}): Promise<void> {
  return api.delete(userPath(group, id), {...options})
}

export function disableTwoFactor(api: ApiClient, group: string, id: Id): Promise<void> {
  return api.request<void>({method: 'PATCH', path: `${userPath(group, id)}/disable_two_factor`, expect: 'none'}).then(() => undefined)
}

// Enterprise users of a top-level group (document 1, "Enterprise user", "Enterprise users (Owner role;
// top-level groups only; users need not be members)"): /groups/:id/enterprise_users.
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../core/errors.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {matches} from '../core/validate.js'
import type {UserBasic} from './common.js'
import type {Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

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
  theme_id: number
  color_scheme_id: number
  projects_limit: number
  current_sign_in_at: string | null
  identities: Array<{provider: string; extern_uid: string; saml_provider_id: number | null}>
  can_create_group: boolean
  can_create_project: boolean
  two_factor_enabled: boolean
  external: boolean
  private_profile: boolean
  commit_email: string
  shared_runners_minutes_limit: number | null
  extra_shared_runners_minutes_limit: number | null
  scim_identities: Array<{extern_uid: string; group_id: number; active: boolean}>
}
export const ENTERPRISE_USER_FIELDS = fieldList<EnterpriseUser>()(['id', 'username', 'name', 'state', 'avatar_url', 'web_url',
  'created_at', 'bio', 'location', 'public_email', 'professional_network_url', 'microblog_url', 'website_url', 'organization', 'job_title', 'pronouns', 'bot',
  'work_information', 'followers', 'following', 'local_time', 'last_sign_in_at', 'confirmed_at', 'last_activity_on',
  'email', 'theme_id', 'color_scheme_id', 'projects_limit', 'current_sign_in_at', 'identities', 'can_create_group',
  'can_create_project', 'two_factor_enabled', 'external', 'private_profile', 'commit_email',
  'shared_runners_minutes_limit', 'extra_shared_runners_minutes_limit', 'scim_identities'])

export const ENTERPRISE_USER_COLUMNS = ['id', 'username', 'name', 'email', 'state', 'two_factor_enabled'] as const

export interface EnterpriseUserFilters {
  username?: string
  /** matches name, email, username; partial values allowed */
  search?: string
  active?: boolean
  blocked?: boolean
  created_after?: string
  created_before?: string
  two_factor?: (typeof TWO_FACTOR_FILTERS)[number]
}

export interface EnterpriseUserChanges {
  name?: string
  /** "must belong to a verified group domain" */
  email?: string
}

const usersPath = (group: string) => apiPath`/groups/${group}/enterprise_users`
const userPath = (group: string, id: Id) => `${usersPath(group)}${apiPath`/${id}`}`

export function listEnterpriseUsers(group: string, filters: EnterpriseUserFilters = {}): ListSpec<EnterpriseUser> {
  return listSpec<EnterpriseUser>(usersPath(group), {...filters})
}

export function getEnterpriseUser(api: ApiClient, group: string, id: Id): Promise<EnterpriseUser> {
  return api.get<EnterpriseUser>(userPath(group, id))
}

export function updateEnterpriseUser(api: ApiClient, group: string, id: Id, changes: EnterpriseUserChanges): Promise<EnterpriseUser> {
  return api.patch<EnterpriseUser>(userPath(group, id), {...changes})
}

/**
 * "hard_delete (boolean, default false): false moves contributions to a system-wide placeholder user;
 * true deletes the user, contributions and groups owned solely by the user"
 */
export function deleteEnterpriseUser(api: ApiClient, group: string, id: Id, options: {hard_delete?: boolean} = {}): Promise<void> {
  return api.delete(userPath(group, id), {...options})
}

export function disableTwoFactor(api: ApiClient, group: string, id: Id): Promise<void> {
  return api.request<void>({method: 'PATCH', path: `${userPath(group, id)}/disable_two_factor`, expect: 'none'}).then(() => undefined)
}

// ---- flags and their rules -------------------------------------------------------------------------

/**
 * "top-level groups only": a full path with a slash names a subgroup, refused before sending. A numeric
 * ID cannot be told apart here; the server answers for it.
 */
export const topLevelGroupFlag = {
  group: Flags.string({
    char: 'g', description: 'top-level group ID or path', required: true,
    parse: async value => {
      if (value.includes('/')) throw new UsageError(`enterprise users belong to top-level groups only, and "${value}" is a subgroup`)
      return value
    },
  }),
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const emailFlag = Flags.custom<string>({
  parse: async (value, _ctx, opts) => matches(value, EMAIL, opts.name, 'must be an e-mail address such as jane@example.com'),
})

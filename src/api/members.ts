// Members of projects and groups (the platform's lib/api/members.rb): /projects/:id/members and
// /groups/:id/members, a member addressed by the user's ID; `/members/all` adds those who are members
// through an ancestor group. A member is the user's basic fields with the membership's access_level,
// created_at and expires_at (lib/api/entities/member.rb).

import {type ApiClient, apiPath} from '../core/http/request.js'
import {ACCESS_LEVEL_WORDS, accessLevelInput} from '../core/input/access-level.js'
import {custom, date, declare, renamed, text, type Values} from '../core/input/input.js'
import {type Scope, scopePath} from '../core/input/scope.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import {collection} from './collection.js'
import type {UserBasic} from './common.js'
import {fieldList} from './record-fields.js'
import {mentioned, parseUserRef, userRef} from './users.js'

export interface Member extends UserBasic {
  access_level: number
  created_at: string
  /** YYYY-MM-DD, or null: the membership does not expire */
  expires_at: string | null
}
export const MEMBER_FIELDS = fieldList<Member>()(['id', 'username', 'name', 'state', 'avatar_url', 'web_url', 'access_level', 'created_at', 'expires_at'])
export const MEMBER_COLUMNS = ['id', 'username', 'name', 'access_level', 'expires_at'] as const
/** a table shows the level as its role's word (`maintainer`), as state files do; data formats keep the number */
export const MEMBER_WORDS = {access_level: ACCESS_LEVEL_WORDS} as const

/** the roles a membership may hold (Gitlab::Access.all_values, lib/gitlab/access.rb; 15 is the Planner role) */
export const MEMBER_LEVELS = [10, 15, 20, 30, 40, 50] as const

/** the member a command acts on: the user's ID, or a username looked up for it */
export const MEMBER = declare({user_id: userRef({arg: true, flag: 'user', required: true, description: 'user ID or username of the member'})})

/** a user ID or a username, checked and kept as given: what a confirmation names before any lookup */
const USER_AS_GIVEN = custom({
  arg: true,
  required: true,
  description: 'user ID or username of the member',
  helpValue: 'ID|USERNAME',
  hint: 'a user ID, or a username (@NAME is always a username, for one of digits)',
  parse: parseUserRef,
})
/** the member as typed, not yet looked up (remove asks first, then looks the username up) */
export const MEMBER_AS_GIVEN = declare({user: USER_AS_GIVEN})

const ACCESS_LEVEL = {...accessLevelInput(MEMBER_LEVELS, 'the role'), required: true as const}

/** GET .../members and .../members/all: the filters */
export const MEMBER_FILTERS = declare({
  query: text({description: 'members whose username or name contains this text'}),
})
export type MemberFilters = Values<typeof MEMBER_FILTERS>

/**
 * POST .../members: the user, the role, and when the membership ends. The platform takes the user by ID
 * or by username (lib/api/members.rb), so a username is sent as it is: one request, no lookup.
 */
export const NEW_MEMBER = declare({
  user: renamed(USER_AS_GIVEN, {description: 'user ID or username of the new member'}),
  access_level: ACCESS_LEVEL,
  expires_at: date({description: 'the day the membership ends (none by default)'}),
})
export type NewMember = Values<typeof NEW_MEMBER>

/** PUT .../members/:user_id: the platform requires the level on every change */
export const MEMBER_CHANGES = declare({
  access_level: ACCESS_LEVEL,
  expires_at: date({description: 'the day the membership ends; "" removes the end', empty: 'clears'}),
})
export type MemberChanges = Values<typeof MEMBER_CHANGES>
/** the member and the changes, read together: every value is checked before a username is looked up */
export const MEMBER_UPDATE = declare({...MEMBER, ...MEMBER_CHANGES})

/** a member in a state file: by username (STATE.md), the role, and when it ends */
export const MEMBER_RECORD = declare({
  username: text({arg: true, required: true, description: 'username', pattern: [/^[A-Za-z0-9_.][A-Za-z0-9_.-]*$/, "a username: letters, digits, _, - and ., not starting with '-'"]}),
  access_level: ACCESS_LEVEL,
  expires_at: date({description: 'the day the membership ends', empty: 'clears'}),
})

const members = collection<{parent: Scope; item: Member; filters: MemberFilters; update: MemberChanges}>(scope => `${scopePath(scope)}/members`)

/** the direct members, or with `inherited` those of the ancestor groups too (/members/all) */
export function listMembers(scope: Scope, filters: MemberFilters = {}, inherited = false): ListSpec<Member> {
  return inherited ? listSpec<Member>(`${members.path(scope)}/all`, {...filters}) : members.list(scope, filters)
}

/** a direct member, or with `inherited` one through an ancestor group too */
export function getMember(api: ApiClient, scope: Scope, user: string, inherited = false): Promise<Member> {
  return inherited ? api.get<Member>(`${members.path(scope)}/all${apiPath`/${user}`}`) : members.get(api, scope, user)
}

/** digits are the user's ID, anything else (and @NAME) a username */
export function addMember(api: ApiClient, scope: Scope, {user, ...rest}: NewMember): Promise<Member> {
  const who = /^\d+$/.test(user) ? {user_id: user} : {username: mentioned(user)}
  return api.post<Member>(members.path(scope), {...who, ...rest})
}
export const updateMember = members.update
export const removeMember = members.remove

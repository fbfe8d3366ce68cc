// Members of groups and projects (STATE.md, `members`): by username, an access level or a record
// ({access_level, expires_at}). The section reads and writes direct members only; whoever is a member
// through an ancestor group is written in that group's entry. Prune keeps two members the file leaves
// out, and the plan says why: the token's own user (a run that removed it would lose its own access half
// way), and the scope's owners when no owner would be left (the platform refuses to remove or change a
// group's last owner, app/policies/group_member_policy.rb; the plan says so before apply meets the 403).
// Neither is demoted either (the token's own user unless an administrator, who keeps every scope): the
// plan refuses a file that lowers them (`kept` with the update's values).
import {addMember, listMembers, MEMBER_RECORD, type Member, type MemberChanges, type NewMember, removeMember, updateMember} from '../api/members.js'
import {type CurrentUser, currentUser} from '../api/user.js'
import type {ApiClient} from '../core/http/request.js'
import {ACCESS_LEVEL_WORDS} from '../core/input/access-level.js'
import {readAll} from './read-all.js'
import type {CurrentRecord, Section} from './section.js'
import {scopeOf} from './sections-scoped.js'

const OWNER = 50

const word = (level: unknown): unknown => (typeof level === 'number' ? (ACCESS_LEVEL_WORDS[level] ?? level) : level)

/** one GET /user per run (per API client), however many scopes it reads */
const tokenUsers = new WeakMap<ApiClient, Promise<CurrentUser>>()
function tokenUser(api: ApiClient): Promise<CurrentUser> {
  let user = tokenUsers.get(api)
  if (!user) {
    user = currentUser(api)
    tokenUsers.set(api, user)
  }
  return user
}

/** the records read as the token's own user's membership */
const ownMemberships = new WeakSet<CurrentRecord>()
/** those of them whose user is no administrator: lowered, the rest of the run could lose its access */
const ownWithoutAdmin = new WeakSet<CurrentRecord>()

const usernameKey = (username: unknown) => String(username).toLowerCase()

export const members: Section = {
  name: 'members',
  kinds: ['groups', 'projects'],
  shape: 'map',
  keyField: 'username',
  inputs: MEMBER_RECORD,
  // `release-bot: maintainer`: an access level alone
  shorthand: value => (typeof value === 'string' || typeof value === 'number' ? {access_level: value} : undefined),
  // the platform finds a username whatever its case
  identity: fields => usernameKey(fields.username),
  secret: () => false,
  shown: (field, value) => (field === 'access_level' ? word(value) : value),
  async read(context, target) {
    const [list, self] = await Promise.all([readAll(context, listMembers(scopeOf(target)), ['username', 'id']), tokenUser(context.api)])
    return list.map(member => {
      const record: CurrentRecord = {
        id: usernameKey(member.username),
        ref: member.id,
        fields: {access_level: member.access_level, expires_at: member.expires_at ?? null},
        // the username as the platform spells it, for export
        server: member,
      }
      if (usernameKey(member.username) === usernameKey(self.username)) {
        ownMemberships.add(record)
        if (self.is_admin !== true) ownWithoutAdmin.add(record)
      }
      return record
    })
  },
  kept(record, {doomed, desired, current}, wanted) {
    // an update is weighed only when it lowers the level; any other change (an expiry) is the file's to make
    if (wanted !== undefined && !(Number(wanted.access_level ?? record.fields.access_level) < Number(record.fields.access_level))) return undefined
    // the platform lets a member lower their own level; forgectl refuses it only where the run would lose
    // its access by it (an administrator keeps every scope whatever its membership)
    if (wanted === undefined ? ownMemberships.has(record) : ownWithoutAdmin.has(record))
      return wanted === undefined
        ? "the token's own user (prune never removes it)"
        : "the token's own user, whose level forgectl never lowers: the rest of the scope's changes would fail part-way without it (lower it alone with `members update`)"
    if (record.fields.access_level !== OWNER) return undefined
    // an owner stays when the file keeps another: listed, at the level the file gives it (or the server's)
    const staying = current.filter(other => !doomed.includes(other) && !other.inherited)
    const owners = staying.filter(other => Number(desired?.get(other.id)?.fields.access_level ?? other.fields.access_level) === OWNER)
    if (owners.length > 0) return undefined
    return wanted === undefined
      ? 'an owner, and the file names no other (prune never removes the last owner)'
      : 'an owner, and the file names no other: the platform refuses to demote the last owner (make another an owner first)'
  },
  // by username, as the platform takes a new member: one request (a username of digits as @NAME)
  create: ({api}, target, {username, ...rest}) => addMember(api, scopeOf(target), {...rest, user: `@${String(username)}`} as NewMember),
  // the platform takes the level with every change (lib/api/members.rb: access_level required on PUT)
  update: ({api}, target, current, changed, wanted) =>
    updateMember(api, scopeOf(target), String(current.ref), {access_level: wanted.access_level ?? current.fields.access_level, ...changed} as MemberChanges),
  remove: ({api}, target, current) => removeMember(api, scopeOf(target), String(current.ref)),
  exported: ({id, fields, server}) => ({
    key: (server as Member | undefined)?.username ?? id,
    value: fields.expires_at ? {access_level: word(fields.access_level), expires_at: fields.expires_at} : word(fields.access_level),
  }),
}

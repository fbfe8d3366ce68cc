// Users by name (beyond the spec's documents, the platform's `/users`): the list and the record, and
// the rule that every `--user` taking a user ID also takes a username: one `GET /users?username=`,
// exactly one match, then the ID (issue 27). The rule is an input kind (`userRef`), so that each
// command declaring it resolves the name the same way, before its own request (input-resolve.ts).

import {isUserRecord, notAUser} from '../core/answer/answer.js'
import {CliError, ExitCode} from '../core/base/errors.js'
import {isApiNumber, sameId} from '../core/base/exact-number.js'
import {isPositiveId} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, custom, type Draft, declare, RuleBroken, text, type Values} from '../core/input/input.js'
import {oneTarget} from '../core/input/scope.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import type {UserBasic} from './common.js'
import {fieldList} from './record-fields.js'

/** the public profile; administrators also see the fields marked optional */
export interface User extends UserBasic {
  created_at?: string
  bio?: string | null
  location?: string | null
  public_email?: string | null
  email?: string
  is_admin?: boolean
  bot?: boolean
  two_factor_enabled?: boolean
  last_sign_in_at?: string | null
  confirmed_at?: string | null
  external?: boolean
  private_profile?: boolean
  can_create_group?: boolean
  can_create_project?: boolean
}
export const USER_FIELDS = fieldList<User>()([
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
  'email',
  'is_admin',
  'bot',
  'two_factor_enabled',
  'last_sign_in_at',
  'confirmed_at',
  'external',
  'private_profile',
  'can_create_group',
  'can_create_project',
])
export const USER_COLUMNS = ['id', 'username', 'name', 'state', 'web_url'] as const
/** what the next command takes: `--user bob` */
export const USER_HANDLE = 'username'

/** "Username can contain only letters, digits, '_', '-' and '.'" (the platform's rule) */
const USERNAME = /^[A-Za-z0-9_.-]+$/

/**
 * ID or username: digits are an ID (sent as typed, no lookup), as the platform reads its own
 * `/users/:id_or_username`; anything else must be a username. `@NAME`, the platform's mention form, is
 * always the username NAME: the one way to name a user whose username is digits (`@123`). It is kept
 * with its `@` until the lookup, so that nothing between reads it as an ID.
 */
export function parseUserRef(value: string): string {
  if (/^\d+$/.test(value)) {
    if (!isPositiveId(value)) throw new RuleBroken('must be a positive whole number (a user ID) or a username')
    return value
  }
  const username = mentioned(value)
  oneTarget(username, 'user')
  if (!USERNAME.test(username)) throw new RuleBroken('must be a user ID or a username (letters, digits, _, - and .)')
  // the platform's usernames start with a letter, digit, _ or . : a leading - is a flag mistyped as a value
  if (username.startsWith('-')) throw new RuleBroken('a username never starts with "-"')
  return value
}

/** the username of `@NAME`, or the value itself */
export const mentioned = (value: string): string => (value.startsWith('@') ? value.slice(1) : value)

/** where a username is looked up: the list that takes `?username=`, and who is in it, for the message */
export interface UserDirectory {
  path: string
  who: string
}
const EVERY_USER: UserDirectory = {path: '/users', who: 'user'}

/** no user has the username (exit 3, as a 404), or several do */
export class UsernameNotFound extends CliError {
  constructor(
    readonly username: string,
    found: number,
    {path, who}: UserDirectory = EVERY_USER,
  ) {
    super(
      found === 0 ? `no ${who} has the username "${username}" (GET ${path}?username=${username} found none)` : `${found} users answer to the username "${username}": give the user ID instead`,
      found === 0 ? ExitCode.notFound : ExitCode.error,
    )
  }
}

/** the ID of a user given by ID or username: an ID as typed, a username by one lookup (in `directory`, by default every user) */
export async function userIdOf(api: ApiClient, ref: string, directory: UserDirectory = EVERY_USER): Promise<string> {
  if (/^\d+$/.test(ref)) return ref
  return lookUp(api, mentioned(ref), directory)
}

/**
 * A user where the path takes an ID or a username (`/users/:id_or_username/...`): sent as typed, but
 * `@NAME` as the username NAME, and `@123` (which the path would read as user 123) by its looked-up ID
 */
export async function userInPath(api: ApiClient, ref: string): Promise<string> {
  const username = mentioned(ref)
  if (username === ref) return ref
  return /^\d+$/.test(username) ? lookUp(api, username, EVERY_USER) : username
}

async function lookUp(api: ApiClient, ref: string, directory: UserDirectory): Promise<string> {
  const {data} = await api.request<unknown[]>({method: 'GET', path: directory.path, query: {username: ref}, expect: 'list', lookup: true})
  // the platform matches a username whatever its case, and exactly: nothing else can answer
  const found = data.filter(user => isNamed(user) && user.username.toLowerCase() === ref.toLowerCase())
  if (found.length !== 1) throw new UsernameNotFound(ref, found.length, directory)
  // the ID goes into the command's own path (a write's too): only a user ID the server could have given
  const id = (found[0] as {id?: unknown}).id
  if (!isApiNumber(id) || !isPositiveId(String(id))) throw notAUser(found[0], api.connection.host, `${directory.path}?username=${ref}`)
  return String(id)
}

function isNamed(user: unknown): user is {username: string} {
  return typeof user === 'object' && user !== null && typeof (user as {username?: unknown}).username === 'string'
}

/**
 * A user given by ID or username, sent as the ID: the one kind of every `--user` that the API takes as
 * an ID. `directory` says where the username is looked up when not among every user (a group's
 * enterprise users: the group is another input, read beside it).
 */
export function userRef<R extends boolean = false>(
  options: {description: string; required?: R; flag?: string; char?: 'u'; arg?: boolean},
  directory: (given: Readonly<Record<string, unknown>>) => UserDirectory = () => EVERY_USER,
): Draft<string, R> {
  return custom<string, R>({
    ...options,
    helpValue: 'ID|USERNAME',
    hint: 'a user ID, or a username (looked up for its ID; @NAME is always a username, for one of digits)',
    parse: parseUserRef,
    resolve: (api, ref, given) => userIdOf(api, ref, directory(given)),
  })
}

// ---- users list / get ---------------------------------------------------------------------------------

export const USER_ORDERS = ['id', 'name', 'username', 'created_at', 'updated_at'] as const

/** GET /users: the filters */
export const USER_FILTERS = declare({
  username: text({description: 'the user with exactly this username (case-insensitive)'}),
  // a filter: "" matches every user, as the server does
  search: text({empty: 'value', description: 'users whose username or name (an e-mail address too, for administrators) contains this text'}),
  active: boolean({description: 'only active users'}),
  blocked: boolean({description: 'only blocked users'}),
  humans: boolean({description: 'no bots (service accounts, project and group bots)'}),
  admins: boolean({description: 'only administrators (administrators only)'}),
  order_by: choice(USER_ORDERS, {description: 'the order the server returns (API default: id, newest first)'}),
})
export type UserFilters = Values<typeof USER_FILTERS>

export function listUsers(filters: UserFilters = {}): ListSpec<User> {
  // keyset in every order --order-by offers (app/models/user.rb, supported_keyset_orderings)
  return listSpec<User>('/users', {...filters}, undefined, {pagination: 'keyset'})
}

/** USER of `users get`: an ID or a username, as every --user */
export const USER_TO_GET = declare({user: userRef({arg: true, required: true, description: 'user ID or username'})})

/** a user by ID (`GET /users/:id`), checked to be the user asked for: a token's owner, `users get` */
export async function getUser(api: ApiClient, id: string): Promise<User> {
  const user = await api.get<unknown>(apiPath`/users/${id}`)
  if (!isUserRecord(user)) throw notAUser(user, api.connection.host, `/users/${id}`)
  // another user's record (a cache or proxy that drops the path's ID) would lend a token its owner's name
  if (!sameId(user.id, id)) throw new CliError(`unexpected answer from ${api.connection.host}: GET /api/v4/users/${id} returned user ${String(user.id)}, not the user asked for`)
  return user as User
}

// The current user (used by `auth login` and `auth status` to verify a token) and user lookups: by ID,
// and the list (`/users` with username and search, by ID descending; what it shares with the project
// and group lists is directory.ts's). The
// platform's entities (lib/api/users.rb, lib/api/entities/user.rb, user_public.rb, user_with_admin.rb;
// test/contract/users.test.ts): the current user sees their own account (UserPublic) and only an
// administrator is told is_admin; another user by ID is their public profile (Entities::User) unless an
// administrator asks.
import {directoryViews} from '../directory.js'
import {badRequest, forbidden, ok} from '../http.js'
import type {KeysetOffer} from '../keyset.js'
import {paginate} from '../paginate.js'
import {oneOf, optionalBoolean, optionalString, type Router} from '../router.js'
import type {SandboxUser, Store} from '../store.js'

/** Entities::User: the profile anyone signed in may read */
export function renderProfile(store: Store, u: SandboxUser) {
  return {
    ...store.userBasic(u),
    created_at: u.created_at,
    bio: '',
    location: '',
    public_email: '',
    website_url: '',
    organization: '',
    bot: u.bot,
  }
}

/** Entities::UserPublic: the account as its owner sees it */
function renderPublic(store: Store, u: SandboxUser) {
  return {
    ...renderProfile(store, u),
    email: u.email,
    two_factor_enabled: u.two_factor_enabled,
    last_sign_in_at: null,
    confirmed_at: u.created_at,
    external: false,
    private_profile: false,
    can_create_group: true,
    can_create_project: true,
    commit_email: u.email,
  }
}

/** Entities::UserWithAdmin: what an administrator is shown */
export function renderUser(store: Store, u: SandboxUser) {
  return {...renderPublic(store, u), is_admin: u.is_admin}
}

export default function register(r: Router, store: Store): void {
  const {matches, descending} = directoryViews(store)

  r.get('/user', ({user}) => {
    const me = store.requireUser(user)
    return ok(me.is_admin ? renderUser(store, me) : renderPublic(store, me))
  })
  r.get(
    '/users/:id',
    ({params, user}) => {
      // the platform's `requires :id, type: Integer`: a username here is no user (`/users?username=` finds one)
      if (!/^\d+$/.test(params.id!)) throw badRequest('id is invalid')
      // GET needs no token on this API, but this endpoint wants a caller
      if (!user) throw forbidden('403 Forbidden - Not authorized!')
      const found = store.findUser(params.id!)
      return ok(user.is_admin ? renderUser(store, found) : renderProfile(store, found))
    },
    {anonymous: true},
  )

  // Administrators see every field (and e-mail in search); others the public profile.
  r.get('/users', ctx => {
    const caller = store.requireUser(ctx.user)
    const username = optionalString(ctx.input, 'username')?.toLowerCase()
    const active = optionalBoolean(ctx.input, 'active') ?? false
    const blocked = optionalBoolean(ctx.input, 'blocked') ?? false
    const humans = optionalBoolean(ctx.input, 'humans') ?? false
    const admins = caller.is_admin && (optionalBoolean(ctx.input, 'admins') ?? false)
    const users = [...store.users.values()]
      .filter(u => username === undefined || u.username.toLowerCase() === username)
      .filter(u => matches(ctx, u.username, u.name, caller.is_admin ? u.email : null))
      .filter(u => !active || u.state === 'active')
      .filter(u => !blocked || u.state === 'blocked')
      .filter(u => !humans || !u.bot)
      .filter(u => !admins || u.is_admin)
    const by = oneOf(ctx.input, 'order_by', ['id', 'name', 'username', 'created_at', 'updated_at'] as const) ?? 'id'
    const key = (u: SandboxUser) => (by === 'name' ? u.name : by === 'username' ? u.username : by === 'id' ? '' : u.created_at)
    const sorted = users.sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id)
    if (descending(ctx, true)) sorted.reverse()
    return paginate(ctx, sorted, u => (caller.is_admin ? renderUser(store, u) : store.userBasic(u)), USER_KEYSET)
  })
}

const BOTH: readonly ('asc' | 'desc')[] = ['asc', 'desc']
const USER_KEYSET: KeysetOffer<SandboxUser> = {
  type: 'User',
  style: 'cursor',
  // app/models/user.rb, supported_keyset_orderings
  orderings: {id: BOTH, name: BOTH, username: BOTH, created_at: BOTH, updated_at: BOTH},
  defaults: {order_by: 'id', sort: 'desc'},
  capped: true,
  id: u => u.id,
}

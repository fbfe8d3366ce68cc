// The current user (used by `auth login` and `auth status` to verify a token) and user lookups. The
// platform's entities (lib/api/users.rb, lib/api/entities/user.rb, user_public.rb, user_with_admin.rb;
// test/contract/users.test.ts): the current user sees their own account (UserPublic) and only an
// administrator is told is_admin; another user by ID is their public profile (Entities::User) unless an
// administrator asks.
import {badRequest, forbidden, ok} from '../http.js'
import type {Router} from '../router.js'
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
}

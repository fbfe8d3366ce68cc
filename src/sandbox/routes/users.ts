// The current user (used by `auth login` and `auth status` to verify a token) and user lookups.
import {badRequest, ok} from '../http.js'
import type {Router} from '../router.js'
import type {SandboxUser, Store} from '../store.js'

export function renderUser(store: Store, u: SandboxUser) {
  return {
    ...store.userBasic(u),
    created_at: u.created_at,
    bio: '',
    location: '',
    public_email: '',
    email: u.email,
    is_admin: u.is_admin,
    bot: u.bot,
    two_factor_enabled: u.two_factor_enabled,
    last_sign_in_at: null,
    confirmed_at: u.created_at,
    external: false,
    private_profile: false,
    can_create_group: true,
    can_create_project: true,
  }
}

export default function register(r: Router, store: Store): void {
  r.get('/user', ({user}) => ok(renderUser(store, store.requireUser(user))))
  r.get('/users/:id', ({params, user}) => {
    store.requireUser(user)
    // the platform's `requires :id, type: Integer`: a username here is no user (`/users?username=` finds one)
    if (!/^\d+$/.test(params.id!)) throw badRequest('id is invalid')
    return ok(renderUser(store, store.findUser(params.id!)))
  })
}

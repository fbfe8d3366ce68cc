// Enterprise users of a top-level group (document 1, "Enterprise user", "Enterprise users (Owner role;
// top-level groups only; users need not be members)"). Enterprise users are ordinary users of the store
// with `enterprise_group_id` set; the profile fields the store does not keep live in this slice.
import {badRequest, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, oneOf, optionalBoolean, optionalString, type Router} from '../router.js'
import {ROLE, type SandboxGroup, type SandboxUser, SEED_TIME, type Store} from '../store.js'

interface Profile {
  job_title: string
  pronouns: string | null
  organization: string
  last_sign_in_at: string | null
  current_sign_in_at: string | null
  last_activity_on: string | null
  commit_email: string | null
  saml_extern_uid: string
  scim_active: boolean
}

export default function register(r: Router, store: Store): void {
  const profiles = store.slice('enterprise-users', () => seedEnterpriseUsers(store))

  /** "Owner role; top-level groups only": 404 when the group is hidden, 400 for a subgroup, 403 below Owner */
  const groupOf = (ctx: Ctx): SandboxGroup => {
    const group = store.groupFor(ctx.params.id!, ctx.user, 0)
    if (group.parent_id !== null) throw badRequest('Must be a top-level group')
    return store.groupFor(ctx.params.id!, ctx.user, 'owner')
  }
  const enterpriseUsers = (group: SandboxGroup) => [...store.users.values()].filter(u => u.enterprise_group_id === group.id)
  const find = (ctx: Ctx, group: SandboxGroup): SandboxUser => {
    const user = enterpriseUsers(group).find(u => String(u.id) === ctx.params.user_id)
    if (!user) throw notFound('User')
    return user
  }

  const profileOf = (u: SandboxUser): Profile =>
    profiles.get(u.id) ?? {
      job_title: '',
      pronouns: null,
      organization: '',
      last_sign_in_at: null,
      current_sign_in_at: null,
      last_activity_on: null,
      commit_email: null,
      saml_extern_uid: u.username,
      scim_active: true,
    }
  const render = (u: SandboxUser, group: SandboxGroup) => {
    const p = profileOf(u)
    return {
      ...store.userBasic(u),
      created_at: u.created_at,
      bio: '',
      location: '',
      public_email: '',
      professional_network_url: '',
      microblog_url: '',
      website_url: '',
      organization: p.organization,
      job_title: p.job_title,
      pronouns: p.pronouns,
      bot: u.bot,
      work_information: p.organization || null,
      followers: 0,
      following: 0,
      local_time: null,
      last_sign_in_at: p.last_sign_in_at,
      confirmed_at: u.created_at,
      last_activity_on: p.last_activity_on,
      email: u.email,
      theme_id: 1,
      color_scheme_id: 1,
      projects_limit: 100000,
      current_sign_in_at: p.current_sign_in_at,
      identities: [{provider: 'group_saml', extern_uid: p.saml_extern_uid, saml_provider_id: group.id}],
      can_create_group: true,
      can_create_project: true,
      two_factor_enabled: u.two_factor_enabled,
      external: false,
      private_profile: false,
      commit_email: p.commit_email ?? u.email,
      shared_runners_minutes_limit: null,
      extra_shared_runners_minutes_limit: null,
      scim_identities: [{extern_uid: p.saml_extern_uid, group_id: group.id, active: p.scim_active}],
    }
  }

  const timeFilter = (ctx: Ctx, name: string): number | undefined => {
    const value = optionalString(ctx.input, name)
    if (value === undefined) return undefined
    const time = Date.parse(value)
    if (Number.isNaN(time)) throw badRequest(`${name} is invalid`)
    return time
  }

  r.get('/groups/:id/enterprise_users', ctx => {
    const group = groupOf(ctx)
    const username = optionalString(ctx.input, 'username')?.toLowerCase()
    const search = optionalString(ctx.input, 'search')?.toLowerCase()
    // The platform's user finder filters on `active` and `blocked` only when they are true.
    const active = optionalBoolean(ctx.input, 'active')
    const blocked = optionalBoolean(ctx.input, 'blocked')
    const after = timeFilter(ctx, 'created_after')
    const before = timeFilter(ctx, 'created_before')
    const twoFactor = oneOf(ctx.input, 'two_factor', ['enabled', 'disabled'] as const)
    const users = enterpriseUsers(group)
      .filter(u => username === undefined || u.username.toLowerCase() === username)
      .filter(u => !search || [u.name, u.email, u.username].some(field => field.toLowerCase().includes(search)))
      .filter(u => active !== true || u.state === 'active')
      .filter(u => blocked !== true || u.state === 'blocked')
      .filter(u => after === undefined || Date.parse(u.created_at) > after)
      .filter(u => before === undefined || Date.parse(u.created_at) < before)
      .filter(u => twoFactor === undefined || u.two_factor_enabled === (twoFactor === 'enabled'))
      .sort((a, b) => a.id - b.id)
    return paginate(ctx, users, u => render(u, group))
  })

  r.get('/groups/:id/enterprise_users/:user_id', ctx => {
    const group = groupOf(ctx)
    return ok(render(find(ctx, group), group))
  })

  r.patch('/groups/:id/enterprise_users/:user_id', ctx => {
    const group = groupOf(ctx)
    const user = find(ctx, group)
    const name = optionalString(ctx.input, 'name')
    const email = optionalString(ctx.input, 'email')
    if (name === undefined && email === undefined) throw badRequest('name, email are missing, at least one parameter must be provided')
    if (name === '') throw invalid(400, {name: ["can't be blank"]})
    if (email !== undefined) {
      const domain = email.split('@')[1]?.toLowerCase()
      // "email (string, must belong to a verified group domain)"
      if (!domain || !group.verified_domains.includes(domain)) throw invalid(400, {email: ["must be owned by the user's enterprise group"]})
      if ([...store.users.values()].some(u => u !== user && u.email.toLowerCase() === email.toLowerCase())) {
        throw invalid(400, {email: ['has already been taken']})
      }
      user.email = email
    }
    if (name !== undefined) user.name = name
    return ok(render(user, group))
  })

  r.delete('/groups/:id/enterprise_users/:user_id', ctx => {
    const group = groupOf(ctx)
    const user = find(ctx, group)
    const hardDelete = optionalBoolean(ctx.input, 'hard_delete') ?? false
    const soleOwned = [...store.groups.values()].filter(g => g.members.get(user.id) === ROLE.owner && [...g.members].every(([id, role]) => id === user.id || role < ROLE.owner))
    // "true deletes the user, contributions and groups owned solely by the user"
    if (soleOwned.length > 0 && !hardDelete) throw invalid(409, 'User cannot be removed while is the sole-owner of a group')
    for (const owned of soleOwned) {
      for (const p of [...store.projects.values()]) if (p.namespace_id === owned.id) store.projects.delete(p.id)
      store.groups.delete(owned.id)
    }
    store.deleteUser(user.id)
    profiles.delete(user.id)
    return noContent()
  })

  r.patch('/groups/:id/enterprise_users/:user_id/disable_two_factor', ctx => {
    const group = groupOf(ctx)
    const user = find(ctx, group)
    if (!user.two_factor_enabled) throw invalid(400, 'Two-factor authentication is not enabled for this user')
    user.two_factor_enabled = false
    return noContent()
  })
}

/**
 * Enterprise users of `acme` (group 10, verified domain acme.example.com): with and without 2FA, one
 * blocked, and frank, the sole Owner of the group `frank-lab`.
 */
function seedEnterpriseUsers(store: Store): Map<number, Profile> {
  const profiles = new Map<number, Profile>()
  const add = (username: string, name: string, extra: Partial<SandboxUser>, profile: Partial<Profile> = {}) => {
    const user = store.addUser({username, name, email: `${username}@acme.example.com`, enterprise_group_id: 10, created_at: SEED_TIME, ...extra})
    profiles.set(user.id, {
      job_title: '',
      pronouns: null,
      organization: 'Acme',
      last_sign_in_at: null,
      current_sign_in_at: null,
      last_activity_on: null,
      commit_email: null,
      saml_extern_uid: `${username}@acme.example.com`,
      scim_active: user.state === 'active',
      ...profile,
    })
    return user
  }
  const frank = add(
    'frank',
    'Frank Enterprise',
    {two_factor_enabled: true, created_at: '2025-06-01T08:00:00.000Z'},
    {
      job_title: 'Platform lead',
      pronouns: 'he/him',
      last_sign_in_at: '2026-01-10T07:55:00.000Z',
      current_sign_in_at: '2026-01-14T08:01:00.000Z',
      last_activity_on: '2026-01-14',
    },
  )
  add('grace', 'Grace Hopper', {created_at: '2025-09-15T12:00:00.000Z'}, {job_title: 'Engineer', last_activity_on: '2026-01-12'})
  add('heidi', 'Heidi Blocked', {two_factor_enabled: true, state: 'blocked', created_at: '2024-11-20T10:00:00.000Z'})
  add('ivan', 'Ivan Smith', {created_at: '2026-01-05T16:30:00.000Z'})
  add('judy', 'Judy Smithers', {two_factor_enabled: true, created_at: '2026-01-08T09:00:00.000Z'})

  const id = store.nextId()
  store.groups.set(id, {
    id,
    name: 'Frank Lab',
    path: 'frank-lab',
    full_path: 'frank-lab',
    parent_id: null,
    visibility: 'private',
    description: '',
    created_at: SEED_TIME,
    members: new Map([[frank.id, ROLE.owner]]),
    verified_domains: [],
  })
  return profiles
}

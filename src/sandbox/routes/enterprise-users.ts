// Enterprise users of a top-level group, as ee/lib/api/group_enterprise_users.rb serves them (issue 34;
// its request spec is ee/spec/requests/api/group_enterprise_users_spec.rb). Enterprise users are ordinary
// users of the store with `enterprise_group_id` set; the profile fields the store does not keep live in
// this slice. A user who is not an enterprise user of the group is the generic "404 Not found" (a
// `find` that raises), and the services' refusals are their messages alone.
import {badRequest, badRequestMessage, HttpError, invalid, noContent, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, optionalBoolean, optionalString, type Router} from '../router.js'
import {ROLE, type SandboxGroup, type SandboxUser, SEED_TIME, type Store} from '../store.js'
import {renderProfile} from './users.js'

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

  /** 401 without a token, 404 when the group is hidden, 400 for a subgroup (bad_request!), 403 below Owner */
  const groupOf = (ctx: Ctx): SandboxGroup => {
    store.requireUser(ctx.user)
    const group = store.groupFor(ctx.params.id!, ctx.user, 0)
    if (group.parent_id !== null) throw badRequestMessage('Must be a top-level group')
    return store.groupFor(ctx.params.id!, ctx.user, 'owner')
  }
  const enterpriseUsers = (group: SandboxGroup) => [...store.users.values()].filter(u => u.enterprise_group_id === group.id)
  const find = (ctx: Ctx, group: SandboxGroup): SandboxUser => {
    const user = enterpriseUsers(group).find(u => String(u.id) === ctx.params.user_id)
    if (!user) throw new HttpError(404, {message: '404 Not found'})
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
    // the User entity's profile (routes/users.ts), and what the enterprise users' entity adds to it
    return {
      ...renderProfile(store, u),
      professional_network_url: '',
      microblog_url: '',
      organization: p.organization,
      job_title: p.job_title,
      pronouns: p.pronouns,
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
    // a free string: `enabled` and `disabled` filter, any other value lists everyone
    const twoFactor = optionalString(ctx.input, 'two_factor')
    const users = enterpriseUsers(group)
      .filter(u => username === undefined || u.username.toLowerCase() === username)
      .filter(u => !search || [u.name, u.email, u.username].some(field => field.toLowerCase().includes(search)))
      .filter(u => active !== true || u.state === 'active')
      .filter(u => blocked !== true || u.state === 'blocked')
      .filter(u => after === undefined || Date.parse(u.created_at) > after)
      .filter(u => before === undefined || Date.parse(u.created_at) < before)
      .filter(u => (twoFactor !== 'enabled' && twoFactor !== 'disabled') || u.two_factor_enabled === (twoFactor === 'enabled'))
      // newest first (the request spec: "in descending order by id")
      .sort((a, b) => b.id - a.id)
    return paginate(ctx, users, u => render(u, group))
  })

  r.get('/groups/:id/enterprise_users/:user_id', ctx => {
    const group = groupOf(ctx)
    return ok(render(find(ctx, group), group))
  })

  r.patch('/groups/:id/enterprise_users/:user_id', ctx => {
    const group = groupOf(ctx)
    const user = find(ctx, group)
    // both optional, neither required: a PATCH with nothing to change answers the user as it is
    const name = optionalString(ctx.input, 'name')
    const email = optionalString(ctx.input, 'email')
    // Users::UpdateService's refusal is the model's full messages joined by ". ", as {message: "..."}
    const problems: string[] = []
    if (name !== undefined && name.trim() === '') problems.push("Name can't be blank")
    if (email !== undefined) {
      const [local = '', domain = '', ...rest] = email.toLowerCase().split('@')
      const valid = rest.length === 0 && /^[^\s]+$/.test(local) && /^[^\s]+\.[^\s]+$/.test(domain)
      if (!valid) problems.push('Email is invalid')
      if ([...store.users.values()].some(u => u !== user && u.email.toLowerCase() === email.toLowerCase())) problems.push('Email has already been taken')
      // the user model: an enterprise user's new address must be one the group owns (a verified domain)
      if (!valid || !group.verified_domains.includes(domain)) problems.push("Email must be owned by the user's enterprise group")
    }
    if (problems.length > 0) throw invalid(400, problems.join('. '))
    if (email !== undefined) user.email = email
    if (name !== undefined) user.name = name
    return ok(render(user, group))
  })

  r.delete('/groups/:id/enterprise_users/:user_id', ctx => {
    const group = groupOf(ctx)
    const user = find(ctx, group)
    const hardDelete = optionalBoolean(ctx.input, 'hard_delete') ?? false
    const soleOwned = [...store.groups.values()].filter(g => g.members.get(user.id) === ROLE.owner && [...g.members].every(([id, role]) => id === user.id || role < ROLE.owner))
    // "true deletes the user, contributions and groups owned solely by the user"
    if (soleOwned.length > 0 && !hardDelete) throw invalid(409, 'Can not remove a user who is the sole owner of a group.')
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
    // TwoFactor::DestroyService's refusal, through bad_request!
    if (!user.two_factor_enabled) throw badRequestMessage('Two-factor authentication is not enabled for this user')
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

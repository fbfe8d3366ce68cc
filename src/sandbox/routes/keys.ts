// SSH key lookup (document 1, "Keys lookup", administrator): user SSH keys and deploy keys, by ID or
// by fingerprint in either form, with the owning user.
import {badRequest, notFound, ok} from '../http.js'
import {type Router, requireString} from '../router.js'
import type {SandboxUser, Store} from '../store.js'
import {webUrl} from '../web-url.js'
import {type DeployKeyRow, type KeyRow, keyTables} from './deploy-keys.js'

const MD5 = /^([0-9a-f]{2}:){15}[0-9a-f]{2}$/i

export default function register(r: Router, store: Store): void {
  const tables = keyTables(store)

  /** the user object of the spec: "Lookup by ID returns the subset" up to organization */
  const owner = (u: SandboxUser) => ({
    id: u.id,
    name: u.name,
    username: u.username,
    state: u.state,
    avatar_url: webUrl(`avatars/${u.id}.png`),
    web_url: webUrl(u.username),
    created_at: u.created_at,
    bio: '',
    location: '',
    public_email: null,
    professional_network_url: '',
    microblog_url: '',
    website_url: '',
    organization: '',
  })
  const ownerInFull = (u: SandboxUser) => ({
    ...owner(u),
    last_sign_in_at: null,
    confirmed_at: u.created_at,
    last_activity_on: u.created_at.slice(0, 10),
    email: u.email,
    theme_id: 1,
    color_scheme_id: 1,
    projects_limit: 100_000,
    current_sign_in_at: null,
    identities: [],
    can_create_group: true,
    can_create_project: true,
    two_factor_enabled: u.two_factor_enabled,
    external: false,
    private_profile: false,
    shared_runners_minutes_limit: null,
    extra_shared_runners_minutes_limit: null,
  })
  const record = (key: KeyRow, user: ReturnType<typeof owner>) => ({
    id: key.id,
    title: key.title,
    key: key.key,
    created_at: key.created_at,
    expires_at: key.expires_at,
    last_used_at: key.last_used_at,
    usage_type: key.usage_type,
    user,
  })
  const userOf = (key: KeyRow) => {
    const user = store.users.get(key.user_id)
    if (!user) throw notFound('Key')
    return user
  }
  const allKeys = (): Array<KeyRow | DeployKeyRow> => [...tables.userKeys.values(), ...tables.deployKeys.values()]

  r.get('/keys/:id', ctx => {
    store.requireAdmin(ctx.user)
    const key = allKeys().find(k => String(k.id) === ctx.params.id)
    if (!key) throw notFound('Key')
    return ok(record(key, owner(userOf(key))))
  })

  // SHA256 fingerprints arrive URL-encoded (SHA256%3A...%2F...); the query parser has decoded them.
  r.get('/keys', ctx => {
    store.requireAdmin(ctx.user)
    const fingerprint = requireString(ctx.input, 'fingerprint')
    let key: KeyRow | DeployKeyRow | undefined
    if (/^sha256:/i.test(fingerprint)) key = allKeys().find(k => k.fingerprint_sha256.slice(7) === fingerprint.slice(7))
    else if (MD5.test(fingerprint)) key = allKeys().find(k => k.fingerprint === fingerprint.toLowerCase())
    else throw badRequest('fingerprint is invalid')
    if (!key) throw notFound('Key')
    const found = record(key, ownerInFull(userOf(key)))
    if (!tables.deployKeys.has(key.id)) return ok(found)
    const projects = [...tables.links.values()]
      .filter(l => l.deploy_key_id === key.id)
      .map(l => ({id: l.id, deploy_key_id: l.deploy_key_id, project_id: l.project_id, created_at: l.created_at, updated_at: l.updated_at, can_push: l.can_push}))
    return ok({...found, deploy_keys_projects: projects})
  })
}

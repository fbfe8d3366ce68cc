// SSH key lookup (document 1, "Keys lookup", administrator): user SSH keys and deploy keys, by ID or
// by fingerprint in either form, with the owning user. The platform's rules (lib/api/keys.rb,
// app/finders/keys_finder.rb, test/contract/keys.test.ts): the owner is Entities::UserPublic both ways
// (the spec's "subset" by ID is not what the entity sends), a key by ID not there is ActiveRecord's not
// found, a fingerprint is looked up exactly as written, and one of neither form is refused in the API's words.
import {HttpError, notFound, ok} from '../http.js'
import {type Router, requireString} from '../router.js'
import type {SandboxUser, Store} from '../store.js'
import {webUrl} from '../web-url.js'
import {type DeployKeyRow, type KeyRow, keyTables} from './deploy-keys.js'

/** KeysFinder#valid_fingerprint_param? for MD5: sixteen hex pairs at the start, nothing said of the end */
const MD5 = /^([0-9a-f]{2}:){15}[0-9a-f]{2}/i
const refused = () => new HttpError(400, {message: 'Failed to return the key'})

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
  /** Entities::UserPublic (with EE's minutes limits) */
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
    commit_email: u.email,
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
    // Key.find: RecordNotFound, which lib/api/api.rb answers in its own words
    if (!key) throw new HttpError(404, {message: '404 Not found'})
    return ok(record(key, ownerInFull(userOf(key))))
  })

  // SHA256 fingerprints arrive URL-encoded (SHA256%3A...%2F...); the query parser has decoded them.
  r.get('/keys', ctx => {
    store.requireAdmin(ctx.user)
    const fingerprint = requireString(ctx.input, 'fingerprint')
    let key: KeyRow | DeployKeyRow | undefined
    // the SHA256 form: `sha256:` or `SHA256:` (no other case), then Base64 of 32 bytes; compared as stored
    if (/^(sha256|SHA256):/.test(fingerprint)) {
      const digest = fingerprint.replace(/sha256:|SHA256:/g, '')
      if (Buffer.from(digest, 'base64').length !== 32) throw refused()
      key = allKeys().find(k => k.fingerprint_sha256.slice(7) === digest)
    } else if (MD5.test(fingerprint)) key = allKeys().find(k => k.fingerprint === fingerprint)
    else throw refused()
    if (!key) throw notFound('Key')
    const found = record(key, ownerInFull(userOf(key)))
    if (!tables.deployKeys.has(key.id)) return ok(found)
    const projects = [...tables.links.values()]
      .filter(l => l.deploy_key_id === key.id)
      .map(l => ({id: l.id, deploy_key_id: l.deploy_key_id, project_id: l.project_id, created_at: l.created_at, updated_at: l.updated_at, can_push: l.can_push}))
    // Entities::DeployKeyWithUser: the deploy key's fingerprints too
    return ok({...found, fingerprint: key.fingerprint, fingerprint_sha256: key.fingerprint_sha256, deploy_keys_projects: projects})
  })
}

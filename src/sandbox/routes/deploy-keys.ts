// Deploy keys (document 1, "Deploy keys"), and the instance's table of SSH keys that the key lookup
// (keys.ts) reads: user SSH keys and deploy keys share one ID sequence and one fingerprint space, as
// on the platform. Fingerprints are computed here from the key blob, independently of the CLI.
// Platform sources: lib/api/deploy_keys.rb, app/models/deploy_key.rb, app/models/key.rb,
// app/models/deploy_keys_project.rb, lib/api/entities/deploy_key.rb and deploy_keys_project.rb.
import {createHash} from 'node:crypto'
import {badRequest, created, forbidden, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, optionalBoolean, optionalString, type Router, requireString} from '../router.js'
import {ROLE, type SandboxProject, type SandboxUser, SEED_TIME, type Store} from '../store.js'

export interface KeyRow {
  id: number
  title: string
  key: string
  /** MD5, colon-separated hex */
  fingerprint: string
  /** `SHA256:` + unpadded base64 */
  fingerprint_sha256: string
  created_at: string
  expires_at: string | null
  last_used_at: string | null
  usage_type: 'auth' | 'auth_and_signing'
  /** the owner of a user key; the creator of a deploy key */
  user_id: number
}

export interface DeployKeyRow extends KeyRow {
  /** instance keys (POST /deploy_keys) are public: every maintainer may enable them */
  public: boolean
}

export interface DeployKeyLink {
  id: number
  deploy_key_id: number
  project_id: number
  can_push: boolean
  created_at: string
  updated_at: string
}

export interface KeyTables {
  userKeys: Map<number, KeyRow>
  deployKeys: Map<number, DeployKeyRow>
  links: Map<number, DeployKeyLink>
  nextLinkId: number
}

const KEY_TYPES = new Set([
  'ssh-rsa',
  'ssh-dss',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ecdsa-sha2-nistp256@openssh.com',
  'sk-ssh-ed25519@openssh.com',
])

/** the key's canonical text and fingerprints, or null when the text is not an OpenSSH public key */
export function sshKeyInfo(text: string): {key: string; fingerprint: string; fingerprint_sha256: string} | null {
  const [type = '', data = '', ...comment] = text.trim().split(/\s+/)
  if (!KEY_TYPES.has(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return null
  const blob = Buffer.from(data, 'base64')
  if (blob.length < 4) return null
  const typeLength = blob.readUInt32BE(0)
  if (4 + typeLength >= blob.length || blob.subarray(4, 4 + typeLength).toString('latin1') !== type) return null
  return {
    key: [type, data, ...comment].join(' '),
    fingerprint: createHash('md5')
      .update(blob)
      .digest('hex')
      .replace(/(..)(?!$)/g, '$1:'),
    fingerprint_sha256: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
  }
}

/** the shared key table, seeded on first use */
export function keyTables(store: Store): KeyTables {
  return store.slice('ssh-keys', () => seedKeys())
}

/** any key (user or deploy) with this SHA256 fingerprint: fingerprints are unique across the instance */
export function keyWithFingerprint(tables: KeyTables, sha256: string): KeyRow | DeployKeyRow | undefined {
  return [...tables.userKeys.values(), ...tables.deployKeys.values()].find(k => k.fingerprint_sha256 === sha256)
}

export default function register(r: Router, store: Store): void {
  const tables = keyTables(store)
  const taken = () => invalid(400, {fingerprint_sha256: ['has already been taken']})

  const linksOf = (key: DeployKeyRow) => [...tables.links.values()].filter(l => l.deploy_key_id === key.id)
  const linkIn = (project: SandboxProject, keyId: number) => [...tables.links.values()].find(l => l.project_id === project.id && l.deploy_key_id === keyId)
  const maintains = (user: SandboxUser, projectId: number) => {
    const project = store.projects.get(projectId)
    return project !== undefined && store.projectRole(project, user) >= ROLE.maintainer
  }
  /** "joined only when the original is accessible by the same user": public, or in a project they maintain */
  const accessible = (user: SandboxUser, key: DeployKeyRow) => key.public || linksOf(key).some(l => maintains(user, l.project_id))

  const basic = (key: DeployKeyRow) => ({
    id: key.id,
    title: key.title,
    key: key.key,
    fingerprint: key.fingerprint,
    fingerprint_sha256: key.fingerprint_sha256,
    usage_type: key.usage_type,
    created_at: key.created_at,
    expires_at: key.expires_at,
  })
  const inProject = (key: DeployKeyRow, link: DeployKeyLink) => ({...basic(key), can_push: link.can_push})
  const withAccessLists = (key: DeployKeyRow) => {
    const projects = (push: boolean) =>
      linksOf(key)
        .filter(l => l.can_push === push)
        .map(l => store.projects.get(l.project_id))
        .filter(p => p !== undefined)
        .map(p => store.projectSummary(p))
    return {...basic(key), projects_with_write_access: projects(true), projects_with_readonly_access: projects(false)}
  }

  const readNewKey = (ctx: Ctx) => {
    const title = requireString(ctx.input, 'title')
    const info = sshKeyInfo(requireString(ctx.input, 'key'))
    if (!info) throw invalid(400, {key: ['is invalid'], fingerprint_sha256: ['cannot be generated']})
    const expires = optionalString(ctx.input, 'expires_at')
    if (expires !== undefined && Number.isNaN(Date.parse(expires))) throw badRequest('expires_at is invalid')
    return {title, ...info, expires_at: expires === undefined ? null : new Date(expires).toISOString()}
  }
  const newKey = (user: SandboxUser, fields: ReturnType<typeof readNewKey>, isPublic: boolean): DeployKeyRow => {
    const key: DeployKeyRow = {
      id: store.nextId(),
      ...fields,
      created_at: store.now(),
      last_used_at: null,
      usage_type: 'auth',
      user_id: user.id,
      public: isPublic,
    }
    tables.deployKeys.set(key.id, key)
    return key
  }
  const link = (project: SandboxProject, key: DeployKeyRow, canPush: boolean): DeployKeyLink => {
    const now = store.now()
    const row: DeployKeyLink = {id: tables.nextLinkId++, deploy_key_id: key.id, project_id: project.id, can_push: canPush, created_at: now, updated_at: now}
    tables.links.set(row.id, row)
    return row
  }
  /** the key enabled in this project, 404 otherwise */
  const projectKey = (ctx: Ctx) => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
    const key = tables.deployKeys.get(Number(ctx.params.key_id))
    const row = key && linkIn(project, key.id)
    if (!key || !row) throw notFound('Deploy Key')
    return {project, key, link: row}
  }

  r.get('/deploy_keys', ctx => {
    store.requireAdmin(ctx.user)
    const onlyPublic = optionalBoolean(ctx.input, 'public') ?? false
    const keys = [...tables.deployKeys.values()].filter(k => !onlyPublic || k.public).sort((a, b) => a.id - b.id)
    return paginate(ctx, keys, withAccessLists)
  })

  r.post('/deploy_keys', ctx => {
    const admin = store.requireAdmin(ctx.user)
    const fields = readNewKey(ctx)
    if (keyWithFingerprint(tables, fields.fingerprint_sha256)) throw taken()
    return created(basic(newKey(admin, fields, true)))
  })

  r.get('/projects/:id/deploy_keys', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
    const rows = [...tables.links.values()].filter(l => l.project_id === project.id).sort((a, b) => a.deploy_key_id - b.deploy_key_id)
    return paginate(ctx, rows, l => inProject(tables.deployKeys.get(l.deploy_key_id)!, l))
  })

  r.get('/projects/:id/deploy_keys/:key_id', ctx => {
    const {key, link: row} = projectKey(ctx)
    return ok(inProject(key, row))
  })

  // lib/api/deploy_keys.rb: the key text is stripped, then looked up by that exact text (not by its
  // fingerprint) in this project, then among the deploy keys the user can reach; a key found is
  // answered as it is (this project's) or joined with can_push as sent. Any other text makes a new key,
  // which the model refuses when its fingerprint is taken (app/models/key.rb), as the same key with
  // another comment, or with other spacing than the stored (sanitized) text, is.
  r.post('/projects/:id/deploy_keys', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
    const user = ctx.user!
    const text = requireString(ctx.input, 'key').trim()
    const fields = readNewKey(ctx)
    const canPush = optionalBoolean(ctx.input, 'can_push') ?? false
    const sameText = [...tables.deployKeys.values()].filter(k => k.key === text)
    const present = sameText.map(k => ({key: k, link: linkIn(project, k.id)})).find(found => found.link !== undefined)
    if (present) return created(inProject(present.key, present.link!))
    const reachable = sameText.find(k => accessible(user, k))
    if (reachable) return created(inProject(reachable, link(project, reachable, canPush)))
    // the nested deploy key's errors, named through the association
    if (keyWithFingerprint(tables, fields.fingerprint_sha256)) throw invalid(400, {'deploy_key.fingerprint_sha256': ['has already been taken']})
    const key = newKey(user, fields, false)
    return created(inProject(key, link(project, key, canPush)))
  })

  // As the platform: can_push is this project's; the title is the key's own, and the server takes it
  // only from an administrator, or when no other project uses the key (update_deploy_key_title).
  // Otherwise it is ignored without an error, and the answer shows the title kept.
  r.put('/projects/:id/deploy_keys/:key_id', ctx => {
    const {key, link: row} = projectKey(ctx)
    const title = optionalString(ctx.input, 'title')
    const canPush = optionalBoolean(ctx.input, 'can_push')
    if (title === undefined && canPush === undefined) throw badRequest('title, can_push are missing, at least one parameter must be provided')
    const renames = ctx.user!.is_admin || (!key.public && linksOf(key).length <= 1)
    if (title === '' && renames) throw invalid(400, {title: ["can't be blank"]})
    if (title !== undefined && renames) key.title = title
    if (canPush !== undefined) row.can_push = canPush
    row.updated_at = store.now()
    return ok(inProject(key, row))
  })

  // "removes the key from the project; if used only by this project it is deleted from the system"
  r.delete('/projects/:id/deploy_keys/:key_id', ctx => {
    const {key, link: row} = projectKey(ctx)
    tables.links.delete(row.id)
    if (linksOf(key).length === 0 && !key.public) tables.deployKeys.delete(key.id)
    return noContent()
  })

  r.post('/projects/:id/deploy_keys/:key_id/enable', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
    const key = tables.deployKeys.get(Number(ctx.params.key_id))
    if (!key || !accessible(ctx.user!, key)) throw notFound('Deploy Key')
    return created(inProject(key, linkIn(project, key.id) ?? link(project, key, false)))
  })

  // Only keys enabled in projects that both the requester and the requestee maintain.
  r.get('/users/:id_or_username/project_deploy_keys', ctx => {
    const requester = store.requireUser(ctx.user)
    const requestee = store.findUser(ctx.params.id_or_username!)
    const common = new Set([...store.projects.values()].filter(p => maintains(requester, p.id) && (requestee.id === requester.id || maintains(requestee, p.id))).map(p => p.id))
    if (common.size === 0) throw forbidden('403 Forbidden - No common authorized project found')
    const ids = new Set([...tables.links.values()].filter(l => common.has(l.project_id)).map(l => l.deploy_key_id))
    const keys = [...ids].sort((a, b) => a - b).map(id => tables.deployKeys.get(id)!)
    return paginate(ctx, keys, k => ({
      id: k.id,
      title: k.title,
      created_at: k.created_at,
      expires_at: k.expires_at,
      key: k.key,
      fingerprint: k.fingerprint,
      fingerprint_sha256: k.fingerprint_sha256,
    }))
  })
}

// Public halves only; the private keys were thrown away when these were generated with ssh-keygen.
const SEED_KEYS = {
  alice: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHQ5W0g1TB+WfEL/4n5vIC1l9TDm4gLctxFJ0eEiw2Ta alice@laptop',
  bob: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDRwZTDeqB9rw3k3muE8IMNWnzudAtVPJPv0TU4IUmOf00dPy4AFhN6l2WqXjBGC+2CW77zB+XeA0vteQlj5yNVIC5wBtLYBqgskGloh8pY68I9MoOomGYmpOUWCJh7u6epiyBmVgPeR6cc1RbFYHtYolDFov5JzJtJsHII2pija3rUKsGAQ7yRWwfOGCt/Cq4jZYzUwWQcXrj/STKpA72pFexM9m0pFhpI+NThWTcJ8dX71h7mGjSM2c4KD8tmCM6bNTqtl+FTXx0rz/L1PrxO4gj8ahkJxWsuOn6ZYVXPocsEDtv1DLZaGL9OmG4Zrk5GvyBRVjdzKaC/QVzlvkLl bob@workstation',
  root: 'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEVnQ70GGB0ylk+18/FLmejpqIt+AilolUE5obwh2Sgc5LoJPDPwANp92pChUzw3d/V5iTjnZGBpYIIHPXiF5XM= root@admin',
  ci: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAII8/3gKVSkMQjG2xAVjsk4t27tU6+S9BeBze/Do3vORK ci-deploy',
  mirror: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJIIwfjCs8gF+VNXJ2fi9GIgU8vCwd8EHz3tOfLNOgMi mirror-bot',
}

/**
 * Keys 1-3: SSH keys of alice, bob and root. Key 4: "CI deploy" (created by dave) in acme/platform/api
 * (read-only) and acme/website (can push). Key 5: "Mirror bot", a public instance key, in opensource/tool.
 */
function seedKeys(): KeyTables {
  const row = (id: number, title: string, text: string, userId: number, usage: KeyRow['usage_type']): KeyRow => ({
    id,
    title,
    ...sshKeyInfo(text)!,
    created_at: SEED_TIME,
    expires_at: null,
    last_used_at: null,
    usage_type: usage,
    user_id: userId,
  })
  const userKeys = new Map<number, KeyRow>([
    [1, {...row(1, 'Laptop', SEED_KEYS.alice, 2, 'auth_and_signing'), last_used_at: SEED_TIME}],
    [2, {...row(2, 'Workstation', SEED_KEYS.bob, 3, 'auth'), expires_at: '2027-01-15T00:00:00.000Z'}],
    [3, row(3, 'Admin console', SEED_KEYS.root, 1, 'auth_and_signing')],
  ])
  const deployKeys = new Map<number, DeployKeyRow>([
    [4, {...row(4, 'CI deploy', SEED_KEYS.ci, 5, 'auth'), public: false}],
    [5, {...row(5, 'Mirror bot', SEED_KEYS.mirror, 1, 'auth'), public: true}],
  ])
  const links = new Map<number, DeployKeyLink>()
  const enable = (id: number, deployKeyId: number, projectId: number, canPush: boolean) =>
    links.set(id, {id, deploy_key_id: deployKeyId, project_id: projectId, can_push: canPush, created_at: SEED_TIME, updated_at: SEED_TIME})
  enable(1, 4, 20, false)
  enable(2, 4, 21, true)
  enable(3, 5, 22, false)
  return {userKeys, deployKeys, links, nextLinkId: 4}
}

// Project remote (push) mirrors (document 2, "Remote mirrors (project)").
//
// "Remote mirror update_status moves after creation or a forced sync: Transitions: not shown." The sandbox
// walks, from the time of the last forced sync against `store.options.jobDelayMs`:
//   [0, d/3) scheduled · [d/3, d) started · d and later finished, or failed when the URL's host contains
//   `unreachable` (with `last_error` set).
// A new mirror stays `none` ("update_status none, enabled false unless enabled given") until a sync.
import {createHash, generateKeyPairSync} from 'node:crypto'
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, oneOf, optionalBoolean, optionalString, type Router, requireString} from '../router.js'
import {type SandboxProject, SEED_TIME, type Store} from '../store.js'

const AUTH_METHODS = ['ssh_public_key', 'password'] as const
type AuthMethod = (typeof AUTH_METHODS)[number]

interface MirrorRecord {
  id: number
  project_id: number
  /** the URL as given, credentials included: it is scrubbed on every way out */
  url: string
  auth_method: AuthMethod
  enabled: boolean
  keep_divergent_refs: boolean
  only_protected_branches: boolean
  mirror_branch_regex: string | null
  /** when the last forced sync was asked for; null when never */
  sync_requested_at: string | null
  /** outcome of an attempt that finished before the current one (seed data) */
  previous: {last_update_at: string; last_successful_update_at: string | null; last_error: string | null} | null
  public_key: string | null
}

type UpdateStatus = 'none' | 'scheduled' | 'started' | 'finished' | 'failed'

export default function register(r: Router, store: Store): void {
  const mirrors = store.slice('mirrors', () => seedMirrors(store))

  const at = (iso: string, plusMs: number) => new Date(Date.parse(iso) + plusMs).toISOString()
  const render = (m: MirrorRecord) => {
    const d = store.options.jobDelayMs
    let status: UpdateStatus = 'none'
    let last_update_at = m.previous?.last_update_at ?? null
    let last_update_started_at = m.previous?.last_update_at ?? null
    let last_successful_update_at = m.previous?.last_successful_update_at ?? null
    let last_error = m.previous?.last_error ?? null
    if (m.sync_requested_at !== null) {
      const elapsed = store.nowMs() - Date.parse(m.sync_requested_at)
      if (elapsed < d / 3) status = 'scheduled'
      else if (elapsed < d) {
        status = 'started'
        last_update_started_at = at(m.sync_requested_at, d / 3)
      } else {
        last_update_started_at = at(m.sync_requested_at, d / 3)
        last_update_at = at(m.sync_requested_at, d)
        if (hostOf(m.url).includes('unreachable')) {
          status = 'failed'
          last_error = `fatal: unable to access '${scrub(m.url)}': Could not resolve host: ${hostOf(m.url)}`
        } else {
          status = 'finished'
          last_error = null
          last_successful_update_at = last_update_at
        }
      }
    } else if (m.previous) {
      status = m.previous.last_error === null ? 'finished' : 'failed'
    }
    return {
      id: m.id,
      url: scrub(m.url),
      auth_method: m.auth_method,
      enabled: m.enabled,
      keep_divergent_refs: m.keep_divergent_refs,
      only_protected_branches: m.only_protected_branches,
      mirror_branch_regex: m.mirror_branch_regex,
      update_status: status,
      last_error,
      last_update_at,
      last_update_started_at,
      last_successful_update_at,
      host_keys: isSsh(m.url) ? [{fingerprint_sha256: fingerprint(hostOf(m.url))}] : [],
    }
  }

  // Mirrors are project settings: the platform asks for the Maintainer role (spec: "role names used are
  // Developer, Maintainer, Owner as in document 1").
  const projectOf = (ctx: Ctx): SandboxProject => store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
  const find = (ctx: Ctx, project: SandboxProject): MirrorRecord => {
    const mirror = mirrors.get(Number(ctx.params.mirror_id))
    if (!mirror || mirror.project_id !== project.id || !/^\d+$/.test(ctx.params.mirror_id!)) throw notFound('Remote Mirror')
    return mirror
  }

  /** applies the writable settings, then checks the rules that span fields */
  const apply = (ctx: Ctx, m: MirrorRecord) => {
    const auth = oneOf(ctx.input, 'auth_method', AUTH_METHODS)
    const enabled = optionalBoolean(ctx.input, 'enabled')
    const keep = optionalBoolean(ctx.input, 'keep_divergent_refs')
    const onlyProtected = optionalBoolean(ctx.input, 'only_protected_branches')
    const regex = optionalString(ctx.input, 'mirror_branch_regex')
    if (auth !== undefined) m.auth_method = auth
    if (enabled !== undefined) m.enabled = enabled
    if (keep !== undefined) m.keep_divergent_refs = keep
    if (onlyProtected !== undefined) m.only_protected_branches = onlyProtected
    if (regex !== undefined) m.mirror_branch_regex = regex === '' ? null : regex
    if (m.mirror_branch_regex !== null) {
      // "mirror_branch_regex (string; needs only_protected_branches disabled)"
      if (m.only_protected_branches) throw invalid(400, {mirror_branch_regex: ['cannot be used when only_protected_branches is enabled']})
      try {
        new RegExp(m.mirror_branch_regex)
      } catch {
        throw invalid(400, {mirror_branch_regex: ['not valid RE2 syntax']})
      }
    }
    if (m.auth_method === 'ssh_public_key' && !isSsh(m.url)) throw invalid(400, {auth_method: ['ssh_public_key needs an ssh:// URL']})
    if (m.auth_method === 'ssh_public_key' && m.public_key === null) m.public_key = newPublicKey(m.id)
  }

  r.get('/projects/:id/remote_mirrors', ctx => {
    const project = projectOf(ctx)
    return paginate(
      ctx,
      [...mirrors.values()].filter(m => m.project_id === project.id),
      render,
    )
  })

  r.get('/projects/:id/remote_mirrors/:mirror_id', ctx => ok(render(find(ctx, projectOf(ctx)))))

  r.get('/projects/:id/remote_mirrors/:mirror_id/public_key', ctx => {
    const mirror = find(ctx, projectOf(ctx))
    // "for SSH-authenticated mirrors": a password mirror has no key to show
    if (mirror.auth_method !== 'ssh_public_key' || mirror.public_key === null) throw notFound('Public key')
    return ok({public_key: mirror.public_key})
  })

  r.post('/projects/:id/remote_mirrors', ctx => {
    const project = projectOf(ctx)
    const url = requireString(ctx.input, 'url')
    checkUrl(url)
    const mirror: MirrorRecord = {
      id: store.nextId(),
      project_id: project.id,
      url,
      auth_method: 'password',
      enabled: false,
      keep_divergent_refs: false,
      only_protected_branches: false,
      mirror_branch_regex: null,
      sync_requested_at: null,
      previous: null,
      public_key: null,
    }
    apply(ctx, mirror)
    mirrors.set(mirror.id, mirror)
    return created(render(mirror))
  })

  r.put('/projects/:id/remote_mirrors/:mirror_id', ctx => {
    const mirror = find(ctx, projectOf(ctx))
    const before = {...mirror}
    try {
      apply(ctx, mirror)
    } catch (error) {
      Object.assign(mirror, before)
      throw error
    }
    return ok(render(mirror))
  })

  r.post('/projects/:id/remote_mirrors/:mirror_id/sync', ctx => {
    const mirror = find(ctx, projectOf(ctx))
    if (!mirror.enabled) throw badRequest('Mirror is not enabled')
    // a sync asked for while one is scheduled or running joins it
    const status = render(mirror).update_status
    if (status !== 'scheduled' && status !== 'started') {
      const current = render(mirror)
      if (current.last_update_at) {
        mirror.previous = {last_update_at: current.last_update_at, last_successful_update_at: current.last_successful_update_at, last_error: current.last_error}
      }
      mirror.sync_requested_at = store.now()
    }
    return noContent()
  })

  r.delete('/projects/:id/remote_mirrors/:mirror_id', ctx => {
    const mirror = find(ctx, projectOf(ctx))
    mirrors.delete(mirror.id)
    return noContent()
  })
}

function checkUrl(url: string): void {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw invalid(400, {url: ['is blocked: URI is invalid']})
  }
  if (!['http:', 'https:', 'ssh:', 'git:'].includes(parsed.protocol)) {
    throw invalid(400, {url: ['is blocked: Only allowed schemes are http, https, ssh, git']})
  }
  if (parsed.hostname === '') throw invalid(400, {url: ['is blocked: URI is invalid']})
}

const isSsh = (url: string) => url.startsWith('ssh://')
const hostOf = (url: string) => {
  try {
    return new URL(url).hostname
  } catch {
    return ''
  }
}

/** "username and password always scrubbed": `https://*****:*****@host/...` */
export function scrub(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  if (parsed.username === '' && parsed.password === '') return url
  const auth = parsed.password === '' ? '*****' : '*****:*****'
  return url.replace(/^([a-z+]+:\/\/)[^@/]*@/i, `$1${auth}@`)
}

function fingerprint(host: string): string {
  return 'SHA256:' + createHash('sha256').update(`host-key:${host}`).digest('base64').replace(/=+$/, '')
}

/** an OpenSSH-format ed25519 public key, as the platform shows for SSH-authenticated mirrors */
function newPublicKey(id: number): string {
  const {publicKey} = generateKeyPairSync('ed25519')
  const raw = publicKey.export({format: 'der', type: 'spki'}).subarray(-32)
  const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b])
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)])
  return `ssh-ed25519 ${blob.toString('base64')} remote-mirror-${id}`
}

function seedMirrors(store: Store): Map<number, MirrorRecord> {
  const mirrors = new Map<number, MirrorRecord>()
  const add = (project_id: number, url: string, extra: Partial<MirrorRecord>) => {
    const id = store.nextId()
    mirrors.set(id, {
      id,
      project_id,
      url,
      auth_method: 'password',
      enabled: true,
      keep_divergent_refs: false,
      only_protected_branches: false,
      mirror_branch_regex: null,
      sync_requested_at: null,
      previous: null,
      ...extra,
      public_key: extra.auth_method === 'ssh_public_key' ? newPublicKey(id) : null,
    })
  }
  const later = (minutes: number) => new Date(Date.parse(SEED_TIME) + minutes * 60_000).toISOString()
  add(20, 'https://mirror-bot:s3cr3t-pass@backup.example.com/acme/api.git', {
    only_protected_branches: true,
    previous: {last_update_at: later(30), last_successful_update_at: later(30), last_error: null},
  })
  add(20, 'ssh://git@gitmirror.example.org/acme/api.git', {
    auth_method: 'ssh_public_key',
    enabled: false,
  })
  add(22, 'https://tool-bot:hunter2@unreachable.example.net/opensource/tool.git', {
    previous: {
      last_update_at: later(45),
      last_successful_update_at: null,
      last_error: "fatal: unable to access 'https://*****:*****@unreachable.example.net/opensource/tool.git': Could not resolve host: unreachable.example.net",
    },
  })
  return mirrors
}

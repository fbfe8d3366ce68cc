// Project remote (push) mirrors, as the platform serves them: lib/api/remote_mirrors.rb (every route asks
// `admin_remote_mirror`, the Maintainer role, and answers 401, not 403, below it), the services
// app/services/remote_mirrors/{create,update,sync}_service.rb, the model app/models/remote_mirror.rb (its
// update_status machine: none, then started, finished, failed or to_retry; no state for a queued update),
// app/models/concerns/mirror_authentication.rb (an SSH key for ssh_public_key, shown only for an ssh:// URL),
// EE's branch filter (ee/lib/ee/api/helpers/remote_mirrors_helpers.rb, ee/app/models/ee/remote_mirror.rb),
// the answer of lib/api/entities/remote_mirror.rb.
//
// A forced sync queues an update; the sandbox walks it from the time of the sync against
// `store.options.jobDelayMs` (read at each request; the time is `store.nowMs()`, which a test can pin):
//   [0, d/3) queued: the status as it was · [d/3, d) started · d and later finished, or failed when the
//   URL's host contains `unreachable` (with `last_error` set).
// A new mirror stays `none` (enabled false unless enabled given) until a sync.
import {createHash, generateKeyPairSync} from 'node:crypto'
import {badRequest, created, HttpError, invalid, noContent, notFound, ok, unauthorized} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, oneOf, optionalBoolean, optionalString, type Router, requireString} from '../router.js'
import {ROLE, type SandboxProject, SEED_TIME, type Store} from '../store.js'
import {webHost} from '../web-url.js'

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

type UpdateStatus = 'none' | 'started' | 'finished' | 'failed'

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
    const previousStatus = (): UpdateStatus => (m.previous ? (m.previous.last_error === null ? 'finished' : 'failed') : 'none')
    if (m.sync_requested_at !== null) {
      const elapsed = store.nowMs() - Date.parse(m.sync_requested_at)
      // queued: nothing on the record moves until the worker starts the update
      if (elapsed < d / 3) status = previousStatus()
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
    } else status = previousStatus()
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

  // the project as the caller may see it (404 otherwise), then `unauthorized!` below Maintainer
  const projectOf = (ctx: Ctx): SandboxProject => {
    const project = store.projectFor(ctx.params.id!, ctx.user)
    if (store.projectRole(project, ctx.user) < ROLE.maintainer && !ctx.user?.is_admin) throw unauthorized()
    return project
  }
  // `remote_mirrors.find`: a miss is the API's generic 404
  const find = (ctx: Ctx, project: SandboxProject): MirrorRecord => {
    const mirror = mirrors.get(Number(ctx.params.mirror_id))
    if (!mirror || mirror.project_id !== project.id || !/^\d+$/.test(ctx.params.mirror_id!)) throw new HttpError(404, {message: '404 Not found'})
    return mirror
  }

  /** applies the writable settings, then the model's validations; `create` declares auth_method's values */
  const apply = (ctx: Ctx, m: MirrorRecord, create: boolean) => {
    // EE declares the two filters mutually exclusive: both keys sent is a 400, whatever their values
    if (ctx.input.only_protected_branches !== undefined && ctx.input.mirror_branch_regex !== undefined) {
      throw badRequest('only_protected_branches, mirror_branch_regex are mutually exclusive')
    }
    const auth = create ? oneOf(ctx.input, 'auth_method', AUTH_METHODS) : optionalString(ctx.input, 'auth_method')
    const enabled = optionalBoolean(ctx.input, 'enabled')
    const keep = optionalBoolean(ctx.input, 'keep_divergent_refs')
    const onlyProtected = optionalBoolean(ctx.input, 'only_protected_branches')
    const regex = optionalString(ctx.input, 'mirror_branch_regex')
    // the update's own validation (MirrorAuthentication: password or ssh_public_key)
    if (auth !== undefined && auth !== '' && !AUTH_METHODS.includes(auth as AuthMethod)) throw invalid(400, {auth_method: ['is not included in the list']})
    if (auth) m.auth_method = auth as AuthMethod
    if (enabled !== undefined) m.enabled = enabled
    if (keep !== undefined) m.keep_divergent_refs = keep
    // verify_mirror_branches_setting: protected branches only clears the regex; a regex turns that off
    if (onlyProtected !== undefined) {
      m.only_protected_branches = onlyProtected
      if (onlyProtected) m.mirror_branch_regex = null
    }
    if (regex !== undefined) {
      m.mirror_branch_regex = regex === '' ? null : regex
      if (m.mirror_branch_regex !== null) m.only_protected_branches = false
    }
    if (m.mirror_branch_regex !== null) {
      if (m.mirror_branch_regex.length > 255) throw invalid(400, {mirror_branch_regex: ['is too long (maximum is 255 characters)']})
      try {
        new RegExp(m.mirror_branch_regex)
      } catch (error) {
        throw invalid(400, {mirror_branch_regex: [`not valid RE2 syntax: ${(error as Error).message}`]})
      }
    }
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
    // `ssh_key_auth?`: ssh_public_key on an ssh:// URL; anything else is a bare not_found!
    if (mirror.auth_method !== 'ssh_public_key' || !isSsh(mirror.url)) throw notFound()
    // the platform makes the key when ssh_public_key is set; the sandbox when it is first shown
    mirror.public_key ??= newPublicKey()
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
    apply(ctx, mirror, true)
    mirrors.set(mirror.id, mirror)
    return created(render(mirror))
  })

  r.put('/projects/:id/remote_mirrors/:mirror_id', ctx => {
    const mirror = find(ctx, projectOf(ctx))
    const before = {...mirror}
    try {
      apply(ctx, mirror, false)
    } catch (error) {
      Object.assign(mirror, before)
      throw error
    }
    return ok(render(mirror))
  })

  r.post('/projects/:id/remote_mirrors/:mirror_id/sync', ctx => {
    const mirror = find(ctx, projectOf(ctx))
    // SyncService: a disabled mirror is refused in the service's words
    if (!mirror.enabled) throw new HttpError(400, {message: 'Cannot proceed with the push mirroring. Please verify your mirror configuration.'})
    // no new update while one is in progress (`update_in_progress?`); the sandbox lets a queued one stand too
    const queuedOrStarted = mirror.sync_requested_at !== null && store.nowMs() - Date.parse(mirror.sync_requested_at) < store.options.jobDelayMs
    if (!queuedOrStarted) {
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

/**
 * An OpenSSH-format RSA public key with the comment `git@<host>`, as MirrorAuthentication makes (RSA,
 * 4096 bits there; 2048 here, the same shape at a fraction of the time a test would wait)
 */
function newPublicKey(): string {
  const {publicKey} = generateKeyPairSync('rsa', {modulusLength: 2048})
  const jwk = publicKey.export({format: 'jwk'})
  const mpint = (b64url: string) => {
    const bytes = Buffer.from(b64url, 'base64url')
    return bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes
  }
  const field = (b: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(b.length)
    return Buffer.concat([length, b])
  }
  const blob = Buffer.concat([field(Buffer.from('ssh-rsa')), field(mpint(jwk.e!)), field(mpint(jwk.n!))])
  return `ssh-rsa ${blob.toString('base64')} git@${webHost()}`
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
      public_key: null,
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

// SSH certificates of a top-level group, as the platform serves them (issue 34): the routes are in
// ee/lib/ee/api/groups.rb (there is no ee/lib/api/groups/ssh_certificates.rb), the work in
// app/services/groups/ssh_certificates/create_service.rb and destroy_service.rb, the checks in
// app/models/groups/ssh_certificate.rb, the answer's shape in lib/api/entities/ssh_certificate.rb.
import {badRequest, created, HttpError, noContent} from '../http.js'
import {paginate} from '../paginate.js'
import type {Ctx, Router} from '../router.js'
import {SEED_TIME, type Store} from '../store.js'
import {sshKeyInfo} from './deploy-keys.js'

interface CertificateRow {
  id: number
  group_id: number
  title: string
  key: string
  fingerprint_sha256: string
  created_at: string
}

// Public half only (the CA's private key was thrown away).
const ACME_CA = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM+eMxf0WYZRJW7F+LzCwPqJAMXl8zKjnZNylSuOo8H1 ca@acme'
const TITLE_MAX = 255
const KEY_MAX = 5000

/** the create and destroy services answer with render_api_error!: the message alone, no status prefix */
const refused = (status: 404 | 422, message: string) => new HttpError(status, {message})

export default function register(r: Router, store: Store): void {
  const certificates = store.slice(
    'ssh-certificates',
    () => new Map<number, CertificateRow>([[1, {id: 1, group_id: 10, title: 'Acme CA', key: ACME_CA, fingerprint_sha256: sshKeyInfo(ACME_CA)!.fingerprint_sha256, created_at: SEED_TIME}]]),
  )

  /** find_group! (404), admin_group (Owner, else 403), then a subgroup is refused: 403 "Group" */
  const topLevelGroup = (ctx: Ctx) => {
    const group = store.groupFor(ctx.params.id!, ctx.user, 'owner')
    if (group.parent_id !== null) throw new HttpError(403, {message: '403 Forbidden - Group'})
    return group
  }
  const render = (c: CertificateRow) => ({id: c.id, title: c.title, key: c.key, fingerprint: c.fingerprint_sha256, created_at: c.created_at})

  r.get('/groups/:id/ssh_certificates', ctx => {
    const group = topLevelGroup(ctx)
    return paginate(
      ctx,
      [...certificates.values()].filter(c => c.group_id === group.id).sort((a, b) => a.id - b.id),
      render,
    )
  })

  r.post('/groups/:id/ssh_certificates', ctx => {
    const group = topLevelGroup(ctx)
    const title = presentText(ctx, 'title')
    const key = presentText(ctx, 'key')
    const info = sshKeyInfo(key)
    // the service names the key, not its fingerprint, when no fingerprint can be made of it
    if (!info) throw refused(422, 'Validation failed: Invalid key')
    const problems: string[] = []
    if (title.trim() === '') problems.push("Title can't be blank")
    if ([...title].length > TITLE_MAX) problems.push(`Title is too long (maximum is ${TITLE_MAX} characters)`)
    if (key.length > KEY_MAX) problems.push(`Key is too long (maximum is ${KEY_MAX} characters)`)
    // one certificate authority per fingerprint within a group (uniqueness scoped to the namespace)
    if ([...certificates.values()].some(c => c.group_id === group.id && c.fingerprint_sha256 === info.fingerprint_sha256)) {
      problems.push('Fingerprint must be unique. This CA has already been configured for this namespace.')
    }
    if (problems.length > 0) throw refused(422, `Validation failed: ${problems.join(', ')}`)
    // the key is kept as it was sent
    const certificate: CertificateRow = {id: store.nextId(), group_id: group.id, title, key, fingerprint_sha256: info.fingerprint_sha256, created_at: store.now()}
    certificates.set(certificate.id, certificate)
    return created(render(certificate))
  })

  r.delete('/groups/:id/ssh_certificates/:cert_id', ctx => {
    const group = topLevelGroup(ctx)
    const certificate = certificates.get(Number(ctx.params.cert_id))
    if (!certificate || certificate.group_id !== group.id) throw refused(404, 'SSH Certificate not found')
    certificates.delete(certificate.id)
    return noContent()
  })
}

/** `requires ... type: String`: the parameter must be there, but may be empty (the model judges "") */
function presentText(ctx: Ctx, name: string): string {
  const value = ctx.input[name]
  if (value === undefined || value === null) throw badRequest(`${name} is missing`)
  if (typeof value !== 'string') throw badRequest(`${name} is invalid`)
  return value
}

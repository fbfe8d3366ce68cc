// SSH certificates of a top-level group (document 1, "Group SSH certificates", Owner).
import {created, HttpError, invalid, noContent, notFound} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, type Router, requireString} from '../router.js'
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

export default function register(r: Router, store: Store): void {
  const certificates = store.slice(
    'ssh-certificates',
    () => new Map<number, CertificateRow>([[1, {id: 1, group_id: 10, title: 'Acme CA', key: ACME_CA, fingerprint_sha256: sshKeyInfo(ACME_CA)!.fingerprint_sha256, created_at: SEED_TIME}]]),
  )

  /** Owner of the group (404 when they cannot see it); a subgroup is refused as the platform does: 403 "Group" */
  const topLevelGroup = (ctx: Ctx) => {
    const group = store.groupFor(ctx.params.id!, ctx.user, 'owner')
    if (group.parent_id !== null) throw new HttpError(403, {message: '403 Forbidden - Group'})
    return group
  }
  const render = (c: CertificateRow) => ({id: c.id, title: c.title, key: c.key, created_at: c.created_at})

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
    const title = requireString(ctx.input, 'title')
    const info = sshKeyInfo(requireString(ctx.input, 'key'))
    if (!info) throw invalid(400, 'Validation failed: Invalid key')
    // One certificate authority per fingerprint across the instance.
    if ([...certificates.values()].some(c => c.fingerprint_sha256 === info.fingerprint_sha256)) {
      throw invalid(422, 'Validation failed: Fingerprint has already been taken')
    }
    const certificate: CertificateRow = {
      id: store.nextId(),
      group_id: group.id,
      title,
      key: info.key,
      fingerprint_sha256: info.fingerprint_sha256,
      created_at: store.now(),
    }
    certificates.set(certificate.id, certificate)
    return created(render(certificate))
  })

  r.delete('/groups/:id/ssh_certificates/:cert_id', ctx => {
    const group = topLevelGroup(ctx)
    const certificate = certificates.get(Number(ctx.params.cert_id))
    if (!certificate || certificate.group_id !== group.id) throw notFound('SSH Certificate')
    certificates.delete(certificate.id)
    return noContent()
  })
}

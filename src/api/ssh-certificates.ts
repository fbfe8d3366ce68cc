// SSH certificates of a top-level group (document 1, "Group SSH certificates", Owner):
// /groups/:id/ssh_certificates. The platform serves them from ee/lib/ee/api/groups.rb.

import type {ApiId} from '../core/base/exact-number.js'
import {apiPath} from '../core/http/request.js'
import {declare, text, type Values} from '../core/input/input.js'
import {collection} from './collection.js'
import {publicKey} from './public-key.js'
import {fieldList} from './record-fields.js'

export interface SshCertificate {
  id: ApiId
  title: string
  /** the public key of the certificate authority */
  key: string
  /** "SHA256:…" of the key (lib/api/entities/ssh_certificate.rb) */
  fingerprint: string
  created_at: string
}
export const SSH_CERTIFICATE_FIELDS = fieldList<SshCertificate>()(['id', 'title', 'key', 'fingerprint', 'created_at'])

// The key (90 characters and more) is what `get` and --columns key are for: a list names the certificates.
export const SSH_CERTIFICATE_COLUMNS = ['id', 'title', 'created_at'] as const

/** POST /groups/:id/ssh_certificates: both required */
export const NEW_SSH_CERTIFICATE = declare({
  title: text({required: true, description: 'title of the certificate'}),
  key: publicKey({required: true, file: true, description: 'public key of the certificate authority ("ssh-ed25519 AAAA... comment")'}),
})
export type NewSshCertificate = Values<typeof NEW_SSH_CERTIFICATE>

const certificates = collection<{parent: string; item: SshCertificate; create: NewSshCertificate}>(group => apiPath`/groups/${group}/ssh_certificates`)

export const listSshCertificates = (group: string) => certificates.list(group)

export const addSshCertificate = certificates.create

export const deleteSshCertificate = certificates.remove

// SSH certificates of a top-level group (document 1, "Group SSH certificates", Owner):
// /groups/:id/ssh_certificates.
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import type {Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

export interface SshCertificate {
  id: number
  title: string
  /** the public key of the certificate authority */
  key: string
  created_at: string
}
export const SSH_CERTIFICATE_FIELDS = fieldList<SshCertificate>()(['id', 'title', 'key', 'created_at'])

// The key (90 characters and more) is what `get` and --columns key are for: a list names the certificates.
export const SSH_CERTIFICATE_COLUMNS = ['id', 'title', 'created_at'] as const

export interface NewSshCertificate {
  title: string
  key: string
}

const certificatesPath = (group: string) => apiPath`/groups/${group}/ssh_certificates`

export function listSshCertificates(group: string): ListSpec<SshCertificate> {
  return listSpec<SshCertificate>(certificatesPath(group))
}

export function addSshCertificate(api: ApiClient, group: string, certificate: NewSshCertificate): Promise<SshCertificate> {
  return api.post<SshCertificate>(certificatesPath(group), {...certificate})
}

export function deleteSshCertificate(api: ApiClient, group: string, id: Id): Promise<void> {
  return api.delete(`${certificatesPath(group)}${apiPath`/${id}`}`)
}

// `deploy-keys add` with -p: the key in each project as asked, or a clear word that it is not.
// POST /projects/:id/deploy_keys answers 201 with a key in three cases the answer does not tell apart
// (lib/api/deploy_keys.rb): a new key; a key the user can reach in another project, joined with
// can_push as sent but keeping its own title and expiry; and a key already in the project, returned
// unchanged whatever was sent. So forgectl posts first (one request where the key is new, or already as
// asked), changes what PUT allows (title, can_push) where the answer differs, and reports what it cannot
// change (the expiry of an existing key: the API has no input for it). It looks into the project's list
// only when the platform refuses the key as taken (the same key under another comment, which the
// platform's lookup by exact text misses): a write costs one request, not a read of every key first.
import {ApiError, CliError} from '../core/base/errors.js'
import {type Id, isPositiveId} from '../core/base/id.js'
import type {ApiClient} from '../core/http/request.js'
import {findInList} from '../core/lists/pagination.js'
import {type DeployKey, type DeployKeyChanges, listProjectDeployKeys, type NewProjectDeployKey, projectDeployKeysPath, updateProjectDeployKey} from './deploy-keys.js'

/** what became of the key in one project */
export interface KeyPlacement {
  /**
   * `existing`: the key existed, in this project already or in another one it joined (the platform's
   * answer is the same for both), and nothing more was sent; `updated`: existing, and a PUT changed it
   */
  outcome: 'created' | 'existing' | 'updated'
  /** the key as the project has it now */
  key: DeployKey
  /** what a PUT changed after the key was found or joined */
  updated: Array<keyof DeployKeyChanges>
  /** what is still not as asked, in words; undefined when everything is */
  notAsAsked?: string
}

/**
 * What the projects of one `add` share. The first POST goes alone and the others wait for it, so that
 * they join the key it made instead of racing it to create the same key; the IDs already answered tell
 * a later project that it joined a key this run made.
 */
export class KeyPlacementRun {
  private first?: Promise<unknown>
  private readonly answered = new Set<string>()

  async post<T>(send: () => Promise<T>): Promise<T> {
    if (this.first === undefined) {
      const sent = send()
      this.first = sent.catch(() => undefined)
      return sent
    }
    await this.first
    return send()
  }

  /** true the first time this run sees the key's ID */
  firstAnswer(id: Id): boolean {
    const fresh = !this.answered.has(String(id))
    this.answered.add(String(id))
    return fresh
  }
}

/** the POST first; the project's list is read only when the platform refuses the key as taken */
export async function placeDeployKey(api: ApiClient, project: string, wanted: NewProjectDeployKey, run: KeyPlacementRun): Promise<KeyPlacement> {
  let started = 0
  let answer: Awaited<ReturnType<typeof api.request<DeployKey>>>
  try {
    answer = await run.post(() => {
      started = Date.now()
      return api.request<DeployKey>({method: 'POST', path: projectDeployKeysPath(project), body: {...wanted}})
    })
  } catch (error) {
    if (!isFingerprintTaken(error)) throw error
    // the key may be in this project under another comment: then it is this project's to make as asked
    const present = await findKey(api, project, wanted.key)
    if (!present) throw fingerprintTaken(error as ApiError)
    run.firstAnswer(present.id)
    return reconcile(api, project, present, wanted, false)
  }
  const key = answer.data
  const made = run.firstAnswer(key.id) && madeByThisRequest(key, wanted, answer.headers.get('date'), Date.now() - started)
  return reconcile(api, project, key, wanted, made)
}

/**
 * The platform finds an existing key by its exact text only (lib/api/deploy_keys.rb): the same key with
 * another comment, or one in a project this user cannot reach, is a new key whose fingerprint is taken
 * (400). The server's words stay; what to do is added.
 */
const isFingerprintTaken = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 400 && error.serverMessage.includes('fingerprint_sha256 has already been taken')

function fingerprintTaken(error: ApiError): CliError {
  return new CliError(
    `${error.message}: the key is in use elsewhere, with another text (comment) or in a project you cannot reach; send it with the exact text it has there, or enable it by ID (\`deploy-keys enable\`)`,
    error.exitCode,
  )
}

/** the project's link to this key (same type and key data; the comment may differ), following every page */
function findKey(api: ApiClient, project: string, keyText: string): Promise<DeployKey | undefined> {
  const blob = keyBlob(keyText)
  // a record without a usable ID cannot be changed or named: it is not taken for the key
  return findInList(api, listProjectDeployKeys(project), k => keyBlob(k?.key) === blob && isPositiveId(String(k?.id)))
}

function keyBlob(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined
  const [type, data] = text.trim().split(/\s+/)
  return data === undefined ? undefined : `${type} ${data}`
}

/**
 * A new key has the title it was sent with, and was created after the request left: its created_at is
 * not before the server's clock at the answer (the Date header, whole seconds; else this machine's)
 * less the time the request took. A key with another title, or older, is one the POST joined. The
 * answer cannot tell more: a key with the same title that someone made a second before is taken as new.
 */
function madeByThisRequest(key: DeployKey, wanted: NewProjectDeployKey, date: string | null, tookMs: number): boolean {
  if (key.title !== wanted.title) return false
  const created = Date.parse(key.created_at)
  const serverNow = Date.parse(date ?? '')
  const now = Number.isNaN(serverNow) ? Date.now() : serverNow
  return !(created < now - tookMs - 1000)
}

type Asked = Partial<NewProjectDeployKey>

/** the fields of `key` that differ from what was asked (an absent --title, --can-push or --expires-at asks nothing) */
function differences(key: DeployKey, wanted: Asked): Array<keyof NewProjectDeployKey> {
  const fields: Array<keyof NewProjectDeployKey> = []
  if (wanted.title !== undefined && key.title !== wanted.title) fields.push('title')
  if (wanted.can_push !== undefined && key.can_push !== wanted.can_push) fields.push('can_push')
  if (wanted.expires_at !== undefined && !(typeof key.expires_at === 'string' && Date.parse(key.expires_at) === Date.parse(wanted.expires_at))) fields.push('expires_at')
  return fields
}

/** `made`: this POST created the key, as asked; otherwise it existed, and what differs is changed where PUT can */
async function reconcile(api: ApiClient, project: string, found: DeployKey, wanted: NewProjectDeployKey, made: boolean): Promise<KeyPlacement> {
  const differ = differences(found, wanted)
  const changes: DeployKeyChanges = {
    ...(differ.includes('title') ? {title: wanted.title} : {}),
    ...(differ.includes('can_push') ? {can_push: wanted.can_push} : {}),
  }
  const sent = Object.keys(changes) as Array<keyof DeployKeyChanges>
  if (sent.length > 0 && !isPositiveId(String(found.id))) throw new CliError(`the server's answer for project ${project} names no deploy key ID, so its ${sent.join(' and ')} cannot be set`)
  const key = sent.length > 0 ? await updateProjectDeployKey(api, project, found.id, changes) : found
  // what the answer shows: the platform ignores a title it will not take, without an error
  const left = differences(key, wanted)
  const updated = sent.filter(field => !left.includes(field))
  const outcome = made ? 'created' : updated.length > 0 ? 'updated' : 'existing'
  return {outcome, key, updated, ...(left.length > 0 ? {notAsAsked: describe(left, key, wanted)} : {})}
}

/** what of `wanted` the key, as the server answered, is not: in words; undefined when all is as asked */
export function notAsAsked(key: DeployKey, wanted: Asked): string | undefined {
  const left = differences(key, wanted)
  return left.length > 0 ? describe(left, key, wanted) : undefined
}

const describe = (fields: Array<keyof NewProjectDeployKey>, key: DeployKey, wanted: Asked) => fields.map(field => stays(field, key, wanted)).join('; ')

function stays(field: keyof NewProjectDeployKey, key: DeployKey, wanted: Asked): string {
  const shown = (value: unknown) => (value === undefined ? 'unset' : JSON.stringify(value))
  const line = `${field} stays ${shown(key[field as keyof DeployKey])}, not ${shown(wanted[field])}`
  // "PUT /projects/:id/deploy_keys/:key_id: can_push, title": nothing else of a key can change
  if (field === 'expires_at') return `${line}: the API cannot change the expiry of a key that exists (remove it from every project, then add it again)`
  // the platform takes a new title only from an administrator, or for a key no other project uses
  if (field === 'title') return `${line}: the server kept it (the platform renames a key that other projects use, or a public key, only for an administrator)`
  return `${line}: the server kept it`
}

/** the status of a fan-out's row: the outcome, or `not as asked` with what is not, after what was done */
export function placementStatus({outcome, updated, notAsAsked}: KeyPlacement): {status: 'created' | 'existing' | 'updated' | 'not as asked'; error?: string} {
  if (notAsAsked === undefined) return {status: outcome}
  const did = outcome === 'existing' ? 'the key existed' : outcome === 'updated' ? `updated ${updated.join(' and ')}` : outcome
  return {status: 'not as asked', error: `${did}, but ${notAsAsked}`}
}

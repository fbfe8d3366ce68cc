// The remote_mirrors section of projects (STATE.md: by the URL without its credentials; credentials by
// reference). The platform masks the user and password of a mirror's URL in every answer
// (`https://*****:*****@host/…`, lib/api/entities/remote_mirror.rb), and its API cannot change a URL
// (PUT takes the settings only): a URL with credentials on both sides cannot be compared, and the plan
// says so; one with credentials on one side only differs, and the plan says it cannot change it.
import {createMirror, deleteMirror, listMirrors, type MirrorChanges, NEW_MIRROR, type NewMirror, updateMirror} from '../api/mirrors.js'
import {URL_USERINFO} from '../core/base/redact.js'
import {readAll} from './read-all.js'
import {type CurrentRecord, type Section, setFields} from './section.js'
import {urlReference} from './url-reference.js'

const SETTINGS = ['enabled', 'auth_method', 'keep_divergent_refs', 'only_protected_branches', 'mirror_branch_regex'] as const

/** the user and password of a URL (`https://bot:TOKEN@host/…`, or the server's `*****:*****@`) */

/** how a plan names a mirror, the file's and the server's alike: its URL without the credentials in it */
export const mirrorName = (url: string): string => url.replace(URL_USERINFO, '$1')

const hasCredentials = (url: unknown): boolean => typeof url === 'string' && URL_USERINFO.test(url)

/** what the API takes when nothing is said (app/models/remote_mirror.rb, lib/api/remote_mirrors.rb): export leaves these out */
const DEFAULTS: Readonly<Record<string, unknown>> = {enabled: false, auth_method: 'password', keep_divergent_refs: false, only_protected_branches: false}

export const remoteMirrors: Section = {
  name: 'remote_mirrors',
  kinds: ['projects'],
  shape: 'list',
  inputs: NEW_MIRROR,
  identityFields: ['url'],
  // a mirror's URL is what it was created with: PUT takes no url
  createOnly: ['url'],
  // the platform refuses both in one request (ee/lib/ee/api/helpers/remote_mirrors_helpers.rb), and either turns the other off
  recordRule: fields =>
    fields.only_protected_branches !== undefined && fields.mirror_branch_regex !== undefined
      ? {field: 'mirror_branch_regex', rule: 'give mirror_branch_regex or only_protected_branches, not both: the server takes one at a time, and each turns the other off'}
      : undefined,
  identity: fields => mirrorName(String(fields.url)),
  // a URL with credentials is a secret, the server's masked one too: the plan names the mirror without them
  secret: (field, fields, byReference) => field === 'url' && (byReference || hasCredentials(fields.url)),
  uncomparable: (field, wanted, current) => field === 'url' && hasCredentials(wanted) && hasCredentials(current),
  async read(context, target) {
    return (await readAll(context, listMirrors(target.path), ['url', 'id'], {url: 'text'})).map(
      (mirror): CurrentRecord => ({id: mirrorName(mirror.url), ref: mirror.id, fields: setFields(mirror as unknown as Record<string, unknown>, ['url', ...SETTINGS], true)}),
    )
  },
  create: ({api}, target, fields) => createMirror(api, target.path, fields as NewMirror),
  update: ({api}, target, current, changed) => updateMirror(api, target.path, current.ref, changed as MirrorChanges),
  remove: ({api}, target, current) => deleteMirror(api, target.path, current.ref),
  exported({fields}) {
    const value = setFields(fields, ['url', ...SETTINGS])
    for (const [field, byDefault] of Object.entries(DEFAULTS)) if (value[field] === byDefault) delete value[field]
    // the server never returns the credentials: the URL with them is a reference the person fills in
    value.url = urlReference(value.url, 'MIRROR')
    return {value}
  },
}

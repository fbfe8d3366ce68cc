// OpenSSH public keys as the platform takes them (deploy keys, SSH certificates' CA keys, key lookup):
// one line `type base64-blob [comment]`, where the blob starts with the same type again. Checked here
// before anything is sent, and fingerprinted the way `ssh-keygen -l` and the API show it.
import {createHash} from 'node:crypto'
import {custom, RuleBroken} from '../core/input/input.js'

/** key types the platform accepts: RSA, DSA, ECDSA, ED25519, ECDSA_SK, ED25519_SK */
export const PUBLIC_KEY_TYPES = [
  'ssh-rsa',
  'ssh-dss',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ecdsa-sha2-nistp256@openssh.com',
  'sk-ssh-ed25519@openssh.com',
] as const
export type PublicKeyType = (typeof PUBLIC_KEY_TYPES)[number]

export interface PublicKey {
  type: PublicKeyType
  /** the decoded wire-format blob: what fingerprints are computed from */
  blob: Buffer
  comment: string
  /** `type base64 [comment]` on one line, without surrounding white space */
  text: string
}

/** the fields that follow the type name inside the blob, per type (SSH wire format, RFC 4253 §6.6) */
const BLOB_FIELDS: Record<PublicKeyType, number> = {
  'ssh-rsa': 2, // e, n
  'ssh-dss': 4, // p, q, g, y
  'ssh-ed25519': 1, // the 32-byte key
  'ecdsa-sha2-nistp256': 2,
  'ecdsa-sha2-nistp384': 2,
  'ecdsa-sha2-nistp521': 2, // curve name, point
  'sk-ecdsa-sha2-nistp256@openssh.com': 3, // curve name, point, application
  'sk-ssh-ed25519@openssh.com': 2, // key, application
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** a public key, or an Error saying what is wrong with the text */
export function parsePublicKey(input: string): PublicKey {
  const text = input.trim()
  if (text === '') throw new Error('the key is empty')
  if (/PRIVATE KEY-----/.test(text)) throw new Error('this is a private key: give the public key (the .pub file)')
  if (/[\r\n]/.test(text)) throw new Error('a public key is a single line')
  const [type, data = '', ...rest] = text.split(/\s+/)
  if (!PUBLIC_KEY_TYPES.includes(type as PublicKeyType)) {
    throw new Error(`"${truncate(type!)}" is not a supported key type (${PUBLIC_KEY_TYPES.join(', ')})`)
  }
  if (!BASE64.test(data) || data.length % 4 !== 0) throw new Error('the key data is not valid base64')
  const blob = Buffer.from(data, 'base64')
  const fields = readStrings(blob)
  if (!fields || fields.length === 0) throw new Error('the key data is not an SSH public key blob')
  const embedded = fields[0]!.toString('latin1')
  if (embedded !== type) throw new Error(`the key data is of type "${truncate(embedded)}", not "${type}"`)
  if (fields.length !== 1 + BLOB_FIELDS[type as PublicKeyType]) throw new Error(`the key data is not a complete ${type} key`)
  if (type === 'ssh-ed25519' && fields[1]!.length !== 32) throw new Error('an ssh-ed25519 key is 32 bytes long')
  const curve = /nistp\d+/.exec(type)?.[0]
  if (curve && fields[1]!.toString('latin1') !== curve) throw new Error(`the key data names curve "${truncate(fields[1]!.toString('latin1'))}", not ${curve}`)
  const comment = rest.join(' ')
  return {type: type as PublicKeyType, blob, comment, text: [type, data, ...(comment ? [comment] : [])].join(' ')}
}

/** `SHA256:` + unpadded base64 of the blob's SHA-256, as `ssh-keygen -l` and the API print it */
export function sha256Fingerprint(key: PublicKey): string {
  return `SHA256:${createHash('sha256').update(key.blob).digest('base64').replace(/=+$/, '')}`
}

/** colon-separated hex of the blob's MD5 (the API's `fingerprint`), without the `MD5:` prefix */
export function md5Fingerprint(key: PublicKey): string {
  return createHash('md5').update(key.blob).digest('hex').match(/../g)!.join(':')
}

const SHA256_FORM = /^SHA256:([A-Za-z0-9+/]{43})=?$/i
const MD5_FORM = /^(?:MD5:)?((?:[0-9a-f]{2}:){15}[0-9a-f]{2})$/i

const FINGERPRINT_RULE = 'SHA256:<43 base64 characters> or an MD5 fingerprint of 16 hex pairs (aa:bb:...)'

/**
 * A fingerprint as `ssh-keygen -l` prints it, in the form the API looks up: SHA256 (padded or not)
 * with the canonical prefix, MD5 (bare or `MD5:`) as lower-case hex pairs; undefined for anything else.
 */
function fingerprintForm(text: string): string | undefined {
  const sha256 = SHA256_FORM.exec(text)
  if (sha256) return `SHA256:${sha256[1]}`
  const md5 = MD5_FORM.exec(text)
  return md5 ? md5[1]!.toLowerCase() : undefined
}

/** the length-prefixed strings of an SSH wire-format blob; null when the lengths do not add up */
function readStrings(blob: Buffer): Buffer[] | null {
  const fields: Buffer[] = []
  for (let at = 0; at < blob.length; ) {
    if (at + 4 > blob.length) return null
    const length = blob.readUInt32BE(at)
    if (at + 4 + length > blob.length) return null
    fields.push(blob.subarray(at + 4, at + 4 + length))
    at += 4 + length
  }
  return fields
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

// ---- declared inputs (src/core/input/input.ts) ----------------------------------------------------------

interface InputOptions<R extends boolean> {
  description: string
  flag?: string
  arg?: boolean
  required?: R
  file?: boolean
}

const PUBLIC_KEY_HINT = 'one line "type base64 [comment]", as in a .pub file'

/**
 * A public key input (a deploy key, a certificate authority): the text is checked, and sent as one
 * line without surrounding white space, so a .pub file read with its line break is taken as it is.
 */
export const publicKey = <R extends boolean = false>(options: InputOptions<R>) =>
  custom<string, R>({
    ...options,
    helpValue: 'KEY',
    hint: PUBLIC_KEY_HINT,
    parse: value => {
      try {
        return parsePublicKey(value).text
      } catch (error) {
        throw new RuleBroken(`must be an OpenSSH public key: ${(error as Error).message}`)
      }
    },
  })

/** a key's fingerprint as `ssh-keygen -l` prints it (SHA256 or MD5), sent in the form the API looks up */
export const fingerprint = <R extends boolean = false>(options: InputOptions<R>) =>
  custom<string, R>({
    ...options,
    hint: FINGERPRINT_RULE,
    parse: value => {
      const normal = fingerprintForm(value.trim())
      if (normal === undefined) throw new RuleBroken(`must be ${FINGERPRINT_RULE}`)
      return normal
    },
  })

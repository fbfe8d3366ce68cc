// Real OpenSSH public keys for tests, and their fingerprints computed independently of src/: by
// `ssh-keygen -l` when it is installed, else by node:crypto. Key pairs are made in a temporary folder
// and the private half is removed at once: no private key is ever committed or kept.
import {spawnSync} from 'node:child_process'
import {createHash, generateKeyPairSync} from 'node:crypto'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

export interface TestKey {
  /** `ssh-ed25519 AAAA... comment` */
  text: string
  /** a file holding the public key */
  file: string
  /** `SHA256:...` as `ssh-keygen -l` prints it */
  sha256: string
  /** colon-separated hex, without the `MD5:` prefix (as the API's `fingerprint`) */
  md5: string
}

// FORGECTL_TEST_NO_SSH_KEYGEN=1 exercises the node:crypto path on a machine that has ssh-keygen.
const hasSshKeygen = !process.env.FORGECTL_TEST_NO_SSH_KEYGEN && spawnSync('ssh-keygen', ['-?'], {stdio: 'ignore'}).error === undefined
const folder = mkdtempSync(join(tmpdir(), 'forgectl-keys-'))
let count = 0

/** a fresh ed25519 public key (or rsa/ecdsa when ssh-keygen is there and asked for) */
export function makeKey(comment = 'test', type: 'ed25519' | 'rsa' | 'ecdsa' = 'ed25519'): TestKey {
  const base = join(folder, `key-${++count}`)
  if (hasSshKeygen) {
    const made = spawnSync('ssh-keygen', ['-q', '-t', type, '-N', '', '-C', comment, '-f', base])
    if (made.status !== 0) throw new Error(`ssh-keygen failed: ${made.stderr}`)
    rmSync(base)
    return keyFile(readFileSync(`${base}.pub`, 'utf8').trim(), `${base}.pub`)
  }
  const spki = generateKeyPairSync('ed25519').publicKey.export({type: 'spki', format: 'der'})
  const blob = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(spki.subarray(-32))])
  writeFileSync(`${base}.pub`, `ssh-ed25519 ${blob.toString('base64')} ${comment}\n`)
  return keyFile(`ssh-ed25519 ${blob.toString('base64')} ${comment}`, `${base}.pub`)
}

/** the fingerprints of any public key text, written to a file first so that ssh-keygen can read it */
export function fingerprintsOf(text: string): TestKey {
  const file = join(folder, `given-${++count}.pub`)
  writeFileSync(file, text + '\n')
  return keyFile(text, file)
}

function keyFile(text: string, file: string): TestKey {
  if (hasSshKeygen) {
    const field = (args: string[]) => spawnSync('ssh-keygen', [...args, '-lf', file], {encoding: 'utf8'}).stdout.split(' ')[1]!
    return {text, file, sha256: field([]), md5: field(['-E', 'md5']).replace(/^MD5:/, '')}
  }
  const blob = Buffer.from(text.split(/\s+/)[1]!, 'base64')
  return {
    text,
    file,
    sha256: `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`,
    md5: createHash('md5').update(blob).digest('hex').match(/../g)!.join(':'),
  }
}

function sshString(data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  return Buffer.concat([length, data])
}

/** a text that looks like a key but is not one: a valid ed25519 blob under another type name */
export function mislabelledKey(key: TestKey): string {
  return key.text.replace(/^ssh-ed25519 /, 'ssh-rsa ')
}

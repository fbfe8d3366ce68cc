// OpenSSH public keys: parsing, the local refusal of texts that are not keys, and fingerprints
// compared with ssh-keygen's (fixed vectors printed by `ssh-keygen -l`, and fresh keys made now).
import {describe, expect, it} from 'vitest'
import {fingerprint, md5Fingerprint, parsePublicKey, publicKey, sha256Fingerprint} from '../../src/api/public-key.js'
import {checkText, declare, InputError} from '../../src/core/input/input.js'
import {makeKey} from '../helpers/ssh-keys.js'

// `ssh-keygen -lf` and `ssh-keygen -E md5 -lf` of these keys, recorded when they were generated.
const VECTORS = [
  {
    text: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHQ5W0g1TB+WfEL/4n5vIC1l9TDm4gLctxFJ0eEiw2Ta alice@laptop',
    sha256: 'SHA256:eHv0VITleXbQVULP5F1jwQkGU7Z8I2lPE81NyiwCNvE',
    md5: 'de:d0:53:50:47:35:f2:90:54:26:5f:18:2a:4c:7f:78',
  },
  {
    text: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQDRwZTDeqB9rw3k3muE8IMNWnzudAtVPJPv0TU4IUmOf00dPy4AFhN6l2WqXjBGC+2CW77zB+XeA0vteQlj5yNVIC5wBtLYBqgskGloh8pY68I9MoOomGYmpOUWCJh7u6epiyBmVgPeR6cc1RbFYHtYolDFov5JzJtJsHII2pija3rUKsGAQ7yRWwfOGCt/Cq4jZYzUwWQcXrj/STKpA72pFexM9m0pFhpI+NThWTcJ8dX71h7mGjSM2c4KD8tmCM6bNTqtl+FTXx0rz/L1PrxO4gj8ahkJxWsuOn6ZYVXPocsEDtv1DLZaGL9OmG4Zrk5GvyBRVjdzKaC/QVzlvkLl bob@workstation',
    sha256: 'SHA256:M3L2XsT8LovX4szr5yE8M8uGT+H7jpOc2qMPV44LegI',
    md5: '20:92:11:71:7d:d4:bb:93:d2:74:89:8d:05:8f:c1:5e',
  },
  {
    text: 'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEVnQ70GGB0ylk+18/FLmejpqIt+AilolUE5obwh2Sgc5LoJPDPwANp92pChUzw3d/V5iTjnZGBpYIIHPXiF5XM= root@admin',
    sha256: 'SHA256:ensJCe8q3aPuf7JASbNHZYT72llWiG15naD9P8IITe0',
    md5: 'a1:f3:c7:b3:2a:5f:b1:e5:20:d1:cb:ce:39:9d:68:38',
  },
]

const sshString = (data: Buffer | string) => {
  const bytes = Buffer.from(data)
  const length = Buffer.alloc(4)
  length.writeUInt32BE(bytes.length)
  return Buffer.concat([length, bytes])
}
const blobText = (type: string, ...fields: Array<Buffer | string>) => `${type} ${Buffer.concat([sshString(type), ...fields.map(sshString)]).toString('base64')}`

describe('parsePublicKey', () => {
  it('reads type, blob and comment, and gives the fingerprints ssh-keygen prints', () => {
    for (const vector of VECTORS) {
      const key = parsePublicKey(`  ${vector.text}\n`)
      expect(key.text).toBe(vector.text)
      expect(sha256Fingerprint(key)).toBe(vector.sha256)
      expect(md5Fingerprint(key)).toBe(vector.md5)
    }
    expect(parsePublicKey(VECTORS[0]!.text).comment).toBe('alice@laptop')
  })

  it('agrees with ssh-keygen (or node:crypto) on fresh keys of each type', () => {
    for (const type of ['ed25519', 'rsa', 'ecdsa'] as const) {
      const fresh = makeKey(`fresh-${type}`, type)
      const key = parsePublicKey(fresh.text)
      expect(sha256Fingerprint(key), type).toBe(fresh.sha256)
      expect(md5Fingerprint(key), type).toBe(fresh.md5)
    }
  })

  it('keeps a comment with spaces and accepts a key without comment', () => {
    const [type, data] = VECTORS[0]!.text.split(' ')
    expect(parsePublicKey(`${type} ${data} Alice  Laptop 2026`).text).toBe(`${type} ${data} Alice Laptop 2026`)
    expect(parsePublicKey(`${type} ${data}`).comment).toBe('')
  })

  it('accepts the security-key types', () => {
    const ed = blobText('sk-ssh-ed25519@openssh.com', Buffer.alloc(32, 7), 'ssh:')
    expect(parsePublicKey(`${ed} yubikey`).type).toBe('sk-ssh-ed25519@openssh.com')
    const ec = blobText('sk-ecdsa-sha2-nistp256@openssh.com', 'nistp256', Buffer.alloc(65, 4), 'ssh:')
    expect(parsePublicKey(ec).type).toBe('sk-ecdsa-sha2-nistp256@openssh.com')
  })

  it('refuses texts that are not public keys, saying why', () => {
    const ed25519 = VECTORS[0]!.text
    const cases: Array<[string, RegExp]> = [
      ['', /empty/],
      ['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----', /private key/],
      [`${ed25519}\n${ed25519}`, /single line/],
      ['not a key', /"not" is not a supported key type/],
      ['ssh-ed25519', /not valid base64/],
      ['ssh-ed25519 AAAA$$$$', /not valid base64/],
      ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHQ5W0g1TB+WfEL', /not valid base64/],
      [ed25519.replace('ssh-ed25519', 'ssh-rsa'), /of type "ssh-ed25519", not "ssh-rsa"/],
      // the platform's own example of a truncated RSA key
      ['ssh-rsa AAAB3NzaC1yc2EAAAADAQABAAAAgQCxT+', /not valid base64|not an SSH public key blob/],
      [blobText('ssh-rsa', Buffer.from([1, 0, 1])), /not a complete ssh-rsa key/],
      [blobText('ssh-ed25519', Buffer.alloc(31)), /32 bytes/],
      [blobText('ecdsa-sha2-nistp256', 'nistp384', Buffer.alloc(65, 4)), /curve "nistp384", not nistp256/],
      [`ssh-ed25519 ${Buffer.concat([sshString('ssh-ed25519'), sshString(Buffer.alloc(32)), Buffer.from([0, 0])]).toString('base64')}`, /not an SSH public key blob/],
    ]
    for (const [text, reason] of cases) expect(() => parsePublicKey(text), JSON.stringify(text)).toThrow(reason)
  })

  it('a public key input names the flag in a usage error (exit 2), and sends the key as one line', () => {
    let caught: unknown
    try {
      checkText(KEYS.key, 'nope', '--key-file id.pub', false)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(InputError)
    expect((caught as InputError).message).toMatch(/^--key-file id\.pub: must be an OpenSSH public key: "nope" is not a supported key type/)
    expect(checkText(KEYS.key, `  ${VECTORS[0]!.text}\n`)).toBe(VECTORS[0]!.text)
  })
})

const KEYS = declare({
  key: publicKey({description: 'public key', file: true}),
  fingerprint: fingerprint({arg: true, description: 'key fingerprint'}),
})
const normalizeFingerprint = (text: string) => checkText(KEYS.fingerprint, text)

describe('a fingerprint input', () => {
  it('keeps SHA256 fingerprints, padded or not, with the canonical prefix', () => {
    expect(normalizeFingerprint('SHA256:eHv0VITleXbQVULP5F1jwQkGU7Z8I2lPE81NyiwCNvE')).toBe('SHA256:eHv0VITleXbQVULP5F1jwQkGU7Z8I2lPE81NyiwCNvE')
    expect(normalizeFingerprint(' sha256:BRiWlSUn7VdvBYNkwVm/5Ce/TZgdNUuim1erzD0Unjw= ')).toBe('SHA256:BRiWlSUn7VdvBYNkwVm/5Ce/TZgdNUuim1erzD0Unjw')
  })

  it('takes MD5 bare or with the MD5: prefix of `ssh-keygen -E md5`, in lower case', () => {
    expect(normalizeFingerprint('de:d0:53:50:47:35:f2:90:54:26:5f:18:2a:4c:7f:78')).toBe('de:d0:53:50:47:35:f2:90:54:26:5f:18:2a:4c:7f:78')
    expect(normalizeFingerprint('MD5:DE:D0:53:50:47:35:F2:90:54:26:5F:18:2A:4C:7F:78')).toBe('de:d0:53:50:47:35:f2:90:54:26:5f:18:2a:4c:7f:78')
  })

  it('refuses anything else with a usage error', () => {
    for (const bad of [
      '',
      'SHA256:short',
      'SHA256:eHv0VITleXbQVULP5F1jwQkGU7Z8I2lPE81NyiwCNvE1',
      'de:d0:53',
      'MD5:zz:d0:53:50:47:35:f2:90:54:26:5f:18:2a:4c:7f:78',
      'ded05350 4735f290 54265f18 2a4c7f78',
      'SHA1:abc',
    ]) {
      expect(() => normalizeFingerprint(bad), bad).toThrow(InputError)
    }
    expect(() => normalizeFingerprint('x')).toThrow(/FINGERPRINT "x": must be SHA256:<43 base64 characters> or an MD5 fingerprint/)
  })
})

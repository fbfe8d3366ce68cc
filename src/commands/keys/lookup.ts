import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {KEY_COLUMNS, lookupKey} from '../../api/keys.js'
import {ApiCommand} from '../../core/base-command.js'
import {UsageError} from '../../core/errors.js'
import {normalizeFingerprint, publicKeyFrom, sha256Fingerprint} from '../../core/public-key.js'

export default class KeysLookup extends ApiCommand<typeof KeysLookup> {
  static summary = 'Find the SSH key or deploy key with a fingerprint, and its owner'
  static description = 'GET /keys?fingerprint= (administrator). FINGERPRINT is SHA256:... as `ssh-keygen -l` prints it, or MD5 (aa:bb:... or MD5:aa:bb:...). With --key-file, the SHA256 fingerprint of that public key is computed locally. A deploy key\'s record also lists the projects it is enabled in (deploy_keys_projects).'
  static examples = [
    '<%= config.bin %> keys lookup SHA256:eHv0VITleXbQVULP5F1jwQkGU7Z8I2lPE81NyiwCNvE',
    '<%= config.bin %> keys lookup de:d0:53:50:47:35:f2:90:54:26:5f:18:2a:4c:7f:78 --json',
    '<%= config.bin %> keys lookup --key-file ~/.ssh/id_ed25519.pub',
  ]
  static columns = KEY_COLUMNS
  // ignoreStdin: oclif would otherwise take piped standard input as a missing FINGERPRINT, and
  // standard input belongs to `--key-file -`.
  static args = {fingerprint: Args.string({description: 'SHA256:<base64> or MD5 fingerprint (not with --key-file)', ignoreStdin: true})}
  static flags = {
    'key-file': Flags.string({description: 'public key file to look up by its SHA256 fingerprint (- for standard input)'}),
  }

  async run(): Promise<void> {
    const {fingerprint} = this.args
    if (fingerprint !== undefined && this.flags['key-file'] !== undefined) throw new UsageError('give FINGERPRINT or --key-file, not both')
    const wanted = this.flags['key-file'] !== undefined
      ? sha256Fingerprint(await publicKeyFrom(this.flags))
      : normalizeFingerprint(await this.need(fingerprint, 'FINGERPRINT or --key-file', 'the key\'s SHA256 or MD5 fingerprint'))
    await this.print(await lookupKey(this.api, wanted))
  }
}

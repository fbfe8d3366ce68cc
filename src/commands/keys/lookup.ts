import * as Flags from '@oclif/core/flags'
import {KEY_COLUMNS, KEY_LOOKUP, KEY_TO_LOOK_UP, lookupKey} from '../../api/keys.js'
import {parsePublicKey, sha256Fingerprint} from '../../api/public-key.js'
import {UsageError} from '../../core/base/errors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {checkText} from '../../core/input/input.js'
import {argsOf} from '../../core/input/input-flags.js'
import {readTextFile} from '../../core/input/input-read.js'

export default class KeysLookup extends ApiCommand<typeof KeysLookup> {
  static summary = 'Find the SSH key or deploy key with a fingerprint, and its owner'
  static description =
    "GET /keys?fingerprint= (administrator). FINGERPRINT is SHA256:... as `ssh-keygen -l` prints it, or MD5 (aa:bb:... or MD5:aa:bb:...). With --key-file, the SHA256 fingerprint of that public key is computed locally. A deploy key's record also lists the projects it is enabled in (deploy_keys_projects)."
  static examples = [
    '<%= config.bin %> keys lookup SHA256:eHv0VITleXbQVULP5F1jwQkGU7Z8I2lPE81NyiwCNvE',
    '<%= config.bin %> keys lookup de:d0:53:50:47:35:f2:90:54:26:5f:18:2a:4c:7f:78 --json',
    '<%= config.bin %> keys lookup --key-file ~/.ssh/id_ed25519.pub',
  ]
  static columns = KEY_COLUMNS
  static args = argsOf(KEY_LOOKUP)
  static flags = {
    'key-file': Flags.string({description: KEY_TO_LOOK_UP.key.description}),
  }

  async run(): Promise<void> {
    const file = this.flags['key-file']
    if (file === undefined) return this.print(await lookupKey(this.api, (await this.read(KEY_LOOKUP)).fingerprint))
    if (this.args.fingerprint !== undefined) throw new UsageError('give FINGERPRINT or --key-file, not both')
    const key = checkText(KEY_TO_LOOK_UP.key, await readTextFile(file, 'key-file', this.io.stdin), `--key-file ${file}`, false)
    await this.print(await lookupKey(this.api, sha256Fingerprint(parsePublicKey(key))))
  }
}

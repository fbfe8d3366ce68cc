import {getProtectedTag, PROTECTED_TAG, PROTECTED_TAG_COLUMNS, PROTECTED_TAG_WORDS} from '../../api/protected-tags.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class ProtectedTagsGet extends ApiCommand<typeof ProtectedTagsGet> {
  static summary = 'Show one protected tag or wildcard'
  static description =
    'GET /projects/:id/protected_tags/:name (Maintainer role). NAME is the protection as it was made, a wildcard too (v*): not a tag it matches. A name that is not protected is a 404 (exit 3).'
  static examples = ['<%= config.bin %> protected-tags get "v*" -p my-group/my-project', '<%= config.bin %> protected-tags get release-1.0 -p 42 --json']
  static columns = PROTECTED_TAG_COLUMNS
  static words = PROTECTED_TAG_WORDS
  static args = argsOf(PROTECTED_TAG)
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    const {name} = await this.read(PROTECTED_TAG)
    await this.print(await getProtectedTag(this.api, this.flags.project, name))
  }
}

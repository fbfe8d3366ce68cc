import {PROTECTED_TAG_COLUMNS, PROTECTED_TAG_WORDS, protectTag, TAG_PROTECTION} from '../../api/protected-tags.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'

export default class ProtectedTagsProtect extends ApiCommand<typeof ProtectedTagsProtect> {
  static summary = 'Protect a tag (or a wildcard such as v*)'
  static description =
    'POST /projects/:id/protected_tags (Maintainer role); the server answers 201 with the protection. Only those at --create-access-level may then create matching tags (server default: maintainer). A name already protected is refused with 422 (exit 6); the API cannot change a protection in place: unprotect it and protect it again.'
  static examples = [
    '<%= config.bin %> protected-tags protect "v*" -p my-group/my-project',
    '<%= config.bin %> protected-tags protect "release-*" -p 42 --create-access-level developer   # a role by its word or its number',
  ]
  static columns = PROTECTED_TAG_COLUMNS
  static words = PROTECTED_TAG_WORDS
  // -q prints the name (or wildcard) that `protected-tags unprotect` takes
  static handle = 'name'
  static args = argsOf(TAG_PROTECTION)
  static flags = {...requiredProjectFlag, ...flagsOf(TAG_PROTECTION)}

  async run(): Promise<void> {
    await this.print(await protectTag(this.api, this.flags.project, await this.read(TAG_PROTECTION)))
  }
}

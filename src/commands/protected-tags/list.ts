import {listProtectedTags, PROTECTED_TAG_COLUMNS, PROTECTED_TAG_FIELDS, PROTECTED_TAG_WORDS} from '../../api/protected-tags.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredProjectFlag} from '../../core/input/flags.js'

export default class ProtectedTagsList extends ApiCommand<typeof ProtectedTagsList> {
  static summary = 'List the protected tags of a project'
  static description = 'GET /projects/:id/protected_tags (Maintainer role; below it the server answers 403, exit 5). Each protection names a tag or a wildcard (v*) and who may create matching tags.'
  static fields = PROTECTED_TAG_FIELDS
  static examples = ['<%= config.bin %> protected-tags list -p my-group/my-project', '<%= config.bin %> protected-tags list -p 42 --json']
  static columns = PROTECTED_TAG_COLUMNS
  static words = PROTECTED_TAG_WORDS
  static flags = {...requiredProjectFlag, ...listFlags}

  async run(): Promise<void> {
    await this.printList(listProtectedTags(this.flags.project))
  }
}

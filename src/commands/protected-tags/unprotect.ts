import {PROTECTED_TAG, unprotectTag} from '../../api/protected-tags.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag, yesFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class ProtectedTagsUnprotect extends ApiCommand<typeof ProtectedTagsUnprotect> {
  static summary = 'Remove the protection of a tag or wildcard'
  static description =
    'DELETE /projects/:id/protected_tags/:name (Maintainer role); the server answers 204, or 404 (exit 3) when the name is not protected. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> protected-tags unprotect "v*" -p my-group/my-project', '<%= config.bin %> protected-tags unprotect release-1.0 -p 42 --yes']
  static args = argsOf(PROTECTED_TAG)
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    const {name} = await this.read(PROTECTED_TAG)
    // anyone with push access may then create matching tags: confirmed like a deletion
    await this.confirm(`unprotect tag "${name}" of project ${this.flags.project}`)
    await unprotectTag(this.api, this.flags.project, name)
    this.note(done('Unprotected', thing('tag', name)))
  }
}

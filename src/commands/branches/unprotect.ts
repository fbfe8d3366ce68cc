import {PROTECTED_BRANCH, unprotectBranch} from '../../api/branches.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag, yesFlag} from '../../core/input/flags.js'
import {argsOf} from '../../core/input/input-flags.js'

export default class BranchesUnprotect extends ApiCommand<typeof BranchesUnprotect> {
  static summary = 'Remove the protection of a branch'
  static description =
    'DELETE /projects/:id/protected_branches/:name (Maintainer role); the server answers 204, or 404 (exit 3) when the name is not protected. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> branches unprotect stable -p my-group/my-project', '<%= config.bin %> branches unprotect "release-*" -p 42 --yes']
  static args = argsOf(PROTECTED_BRANCH)
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    const {name} = await this.read(PROTECTED_BRANCH)
    // it weakens the branch's protection: confirmed like a deletion
    await this.confirm(`unprotect branch "${name}" of project ${this.flags.project}`)
    await unprotectBranch(this.api, this.flags.project, name)
    this.note(done('Unprotected', thing('branch', name)))
  }
}

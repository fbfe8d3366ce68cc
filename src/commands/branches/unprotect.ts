import * as Args from '@oclif/core/args'
import {unprotectBranch} from '../../api/branches.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag, yesFlag} from '../../core/flags.js'
import {done, thing} from '../../core/notes.js'

export default class BranchesUnprotect extends ApiCommand<typeof BranchesUnprotect> {
  static summary = 'Remove the protection of a branch'
  static description = 'DELETE /projects/:id/protected_branches/:name (Maintainer role); the server answers 204, or 404 (exit 3) when the name is not protected. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = [
    '<%= config.bin %> branches unprotect stable -p my-group/my-project',
    '<%= config.bin %> branches unprotect "release-*" -p 42 --yes',
  ]
  static args = {branch: Args.string({description: 'protected branch name or wildcard', required: true})}
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`unprotect branch "${this.args.branch}" of project ${this.flags.project}`)
    await unprotectBranch(this.api, this.flags.project, this.args.branch)
    this.note(done('Unprotected', thing('branch', this.args.branch)))
  }
}

import {deleteRule} from '../../api/package-protection.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag, yesFlag} from '../../core/input/flags.js'

export default class PackageProtectionDelete extends ApiCommand<typeof PackageProtectionDelete> {
  static summary = 'Delete a package protection rule'
  static description =
    'DELETE /projects/:id/packages/protection/rules/:package_protection_rule_id (Maintainer role at least); the server answers 204. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> package-protection delete 7 -p my-group/my-project', '<%= config.bin %> package-protection delete 7 -p 42 --yes']
  static args = {rule_id: idArg('RULE_ID', 'package protection rule ID')}
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    const {project} = this.flags
    await this.confirm(`delete package protection rule ${this.args.rule_id} of project ${project}`)
    await deleteRule(this.api, project, this.args.rule_id)
    this.note(done('Deleted', thing('package protection rule', this.args.rule_id)))
  }
}

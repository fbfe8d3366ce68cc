import {listRules, RULE_COLUMNS, RULE_FIELDS} from '../../api/package-protection.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredProjectFlag} from '../../core/input/flags.js'

export default class PackageProtectionList extends ApiCommand<typeof PackageProtectionList> {
  static summary = 'List the package protection rules of a project'
  static description = 'GET /projects/:id/packages/protection/rules (Maintainer role at least).'
  static fields = RULE_FIELDS
  static examples = ['<%= config.bin %> package-protection list -p my-group/my-project', '<%= config.bin %> package-protection list -p 42 --json']
  static columns = RULE_COLUMNS
  static flags = {...requiredProjectFlag, ...listFlags}

  async run(): Promise<void> {
    await this.printList(listRules(this.flags.project))
  }
}

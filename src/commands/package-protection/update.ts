import {RULE_CHANGES, RULE_COLUMNS, updateRule} from '../../api/package-protection.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {ignoredDeleteLevel} from '../../topics/package-protection.js'

export default class PackageProtectionUpdate extends ApiCommand<typeof PackageProtectionUpdate> {
  static summary = 'Change a package protection rule'
  static description =
    'PATCH /projects/:id/packages/protection/rules/:package_protection_rule_id (Maintainer role at least). Every field is optional, but give at least one. `null` resets a level to its default (push: developer, delete: maintainer); the server refuses (422) a change that leaves both levels unset.'
  static examples = [
    '<%= config.bin %> package-protection update 7 -p my-group/my-project --minimum-access-level-for-push owner',
    '<%= config.bin %> package-protection update 7 -p 42 --package-name-pattern "@my-scope/core-*" --minimum-access-level-for-delete null',
  ]
  static columns = RULE_COLUMNS
  static args = {rule_id: idArg('RULE_ID', 'package protection rule ID')}
  static flags = {...requiredProjectFlag, ...flagsOf(RULE_CHANGES)}

  async run(): Promise<void> {
    const changes = await this.read(RULE_CHANGES)
    someChange(RULE_CHANGES, changes)
    const rule = await updateRule(this.api, this.flags.project, this.args.rule_id, changes)
    await this.print(rule)
    const ignored = ignoredDeleteLevel(changes, rule)
    if (ignored) this.note(ignored)
  }
}

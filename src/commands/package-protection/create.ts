import {createRule, NEW_RULE, type NewRule, noLevel, RULE_COLUMNS} from '../../api/package-protection.js'
import {UsageError} from '../../core/base/errors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {fanOut} from '../../core/command/fan-out.js'
import {fromFileFlags, requiredProjectFlag} from '../../core/input/flags.js'
import {inputLabel} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {readInputRecords} from '../../core/input/records-file.js'
import {ignoredDeleteLevel, withDeleteLevelAlone} from '../../topics/package-protection.js'

export default class PackageProtectionCreate extends ApiCommand<typeof PackageProtectionCreate> {
  static summary = 'Protect packages of a project from push (or delete) below a role'
  static description =
    'POST /projects/:id/packages/protection/rules (Maintainer role at least). Needs --package-name-pattern, --package-type and at least one of the two levels set to a role. A pattern already protected for that package type, or an npm or PyPI pattern that is no package name with * wildcards, is refused with 422 (exit 6). With --from-file, creates every rule of a JSON, YAML or CSV file (fields package_name_pattern, package_type, minimum_access_level_for_push, minimum_access_level_for_delete): every record is checked before anything is sent, then several are created at a time and each is reported as created or failed.'
  static examples = [
    '<%= config.bin %> package-protection create -p my-group/my-project --package-name-pattern "@my-scope/*" --package-type npm --minimum-access-level-for-push maintainer',
    '<%= config.bin %> package-protection create -p 42 --package-name-pattern "com/acme/*" --package-type maven --minimum-access-level-for-push owner --minimum-access-level-for-delete admin',
    '<%= config.bin %> package-protection create -p 42 --from-file rules.csv',
  ]
  static columns = RULE_COLUMNS
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(NEW_RULE, {exclusive: ['from-file']}),
    ...fromFileFlags('rule'),
  }

  async run(): Promise<void> {
    const {project} = this.flags
    // the level the server ignored is said for each rule, from a file too
    const create = async (rule: NewRule) => {
      const created = await withDeleteLevelAlone(rule, () => createRule(this.api, project, rule))
      const ignored = ignoredDeleteLevel(rule, created)
      if (ignored) this.note(ignored)
      return created
    }
    if (this.flags['from-file']) {
      const rules = await readInputRecords(this.flags['from-file'], NEW_RULE, this.io, rule => noLevel(rule, input => input.api))
      return fanOut(this.commandContext, {items: rules, name: r => `${r.package_type} ${r.package_name_pattern}`, work: create, done: 'created'})
    }
    const rule = await this.read(NEW_RULE)
    const problem = noLevel(rule, inputLabel)
    if (problem) throw new UsageError(problem)
    await this.print(await create(rule))
  }
}

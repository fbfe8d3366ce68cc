import * as Flags from '@oclif/core/flags'
import {LEVEL_FLAG_NAMES, PACKAGE_TYPES, RULE_COLUMNS, RULE_FLAGS, createRule, ignoredDeleteLevel, requireALevel, ruleFlags, ruleFromRecord} from '../../api/package-protection.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {runBulk} from '../../core/bulk.js'
import {requiredProjectFlag} from '../../core/flags.js'
import {checkRecords, readRecords} from '../../core/records-file.js'

export default class PackageProtectionCreate extends ApiCommand<typeof PackageProtectionCreate> {
  static summary = 'Protect packages of a project from push (or delete) below a role'
  static description = 'POST /projects/:id/packages/protection/rules (Maintainer role at least). Needs --package-name-pattern, --package-type and at least one of the two levels set to a role. A pattern already protected for that package type is refused with 422 (exit 6). With --from-file, creates every rule of a JSON, YAML or CSV file (fields package_name_pattern, package_type, minimum_access_level_for_push, minimum_access_level_for_delete), all checked before anything is sent, several at a time, and reports each.'
  static examples = [
    '<%= config.bin %> package-protection create -p my-group/my-project --package-name-pattern "@my-scope/*" --package-type npm --minimum-access-level-for-push maintainer',
    '<%= config.bin %> package-protection create -p 42 --package-name-pattern "com/acme/*" --package-type maven --minimum-access-level-for-push owner --minimum-access-level-for-delete admin',
    '<%= config.bin %> package-protection create -p 42 --from-file rules.csv',
  ]
  static columns = RULE_COLUMNS
  static flags = {
    ...requiredProjectFlag,
    ...ruleFlags,
    'from-file': Flags.string({description: 'create every rule listed in a .json, .yaml or .csv file (- for JSON on stdin)', exclusive: [...RULE_FLAGS]}),
    concurrency: Flags.integer({description: 'rules created at once with --from-file', default: 8, min: 1, max: 32}),
  }

  async run(): Promise<void> {
    const {project} = this.flags
    if (this.flags['from-file']) {
      const rules = checkRecords(await readRecords(this.flags['from-file']), ruleFromRecord)
      return this.reportBulk(await runBulk(rules, r => `${r.package_type} ${r.package_name_pattern}`, r => createRule(this.api, project, r), this.flags.concurrency))
    }
    const rule = {
      package_name_pattern: await this.need(this.flags['package-name-pattern'], '--package-name-pattern', 'package names the rule protects, * as wildcard'),
      package_type: await this.need(this.flags['package-type'], '--package-type', 'package type', {choices: PACKAGE_TYPES}),
      ...apiInput(this.flags, ['minimum-access-level-for-push', 'minimum-access-level-for-delete']),
    }
    requireALevel(rule, LEVEL_FLAG_NAMES)
    const created = await createRule(this.api, project, rule)
    await this.print(created)
    const ignored = ignoredDeleteLevel(rule, created)
    if (ignored) this.note(ignored)
  }
}

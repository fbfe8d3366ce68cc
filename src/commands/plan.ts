import * as Flags from '@oclif/core/flags'
import {CliError, ExitCode} from '../core/base/errors.js'
import {saved} from '../core/base/notes.js'
import {shardFlag} from '../core/input/flags.js'
import {ONE_VALUE, type OutputSpec} from '../core/output/output-spec.js'
import {saveText} from '../core/transfer/no-overwrite.js'
import {renderPlan} from '../state/render.js'
import {checkPlanTarget, savedPlan} from '../state/saved-plan.js'
import {concurrencyFlag, filesOutsideFlag, planData, planFromFile, plannedSections, StateCommand, sectionsFlag, stateFileFlag} from '../topics/state.js'

export default class Plan extends StateCommand<typeof Plan> {
  static summary = 'Show what apply would change to make the server match a state file'
  static description =
    'Reads the state file (YAML or JSON, format in the README\'s "Many projects as code"), checks it whole before any request, reads the current state of every scope and section it selects (GET on list endpoints such as /projects/:id/labels, and /groups/:id/projects?include_subgroups=true for a glob; pages and scopes read concurrently), and prints what `forgectl apply` would do, grouped by scope: + create, ~ update (each changed field old → new), - delete (only where the file says prune). Secret values show as (sensitive). With --exit-code, exits 10 when there are changes and 0 when there are none, so that a scheduled job can alert on drift.'
  static examples = [
    '<%= config.bin %> plan -f acme.yaml',
    '<%= config.bin %> plan -f acme.yaml --exit-code >/dev/null || echo "acme drifted"',
    '<%= config.bin %> plan -f acme.yaml --out acme.plan && <%= config.bin %> apply acme.plan',
    '<%= config.bin %> plan -f acme.yaml --json',
    '<%= config.bin %> plan -f acme.yaml --sections labels,protected_branches',
  ]
  static outputs: OutputSpec = {...ONE_VALUE, prints: 'a plan, not records'}
  static flags = {
    file: stateFileFlag.required,
    out: Flags.string({
      description: 'also save the plan for `forgectl apply PLAN` (secrets are saved as where to find them, never as values); an existing PLAN is replaced only if it is a saved plan',
      helpValue: 'PLAN',
    }),
    'exit-code': Flags.boolean({description: 'exit 10 when the plan has changes (0 when none): drift as an exit status'}),
    sections: sectionsFlag,
    concurrency: concurrencyFlag,
    'allow-files-outside': filesOutsideFlag,
    ...shardFlag('scopes of the state file'),
  }

  async run(): Promise<void> {
    if (this.flags.out) await checkPlanTarget(this.flags.out, this.io)
    const sections = plannedSections(this.flags.sections)
    const plan = await planFromFile(this.reader, this.flags.file, {
      concurrency: this.flags.concurrency,
      shard: this.flags.shard,
      references: {filesOutside: this.flags['allow-files-outside']},
      sections,
    })
    if (this.flags.out) {
      const text = `${JSON.stringify(savedPlan(plan), null, 2)}\n`
      await saveText(this.flags.out, text, 0o600, 'saving')
      this.note(saved(Buffer.byteLength(text), this.flags.out, 'plan'))
    }
    await this.printOne(planData(plan), () => renderPlan(plan))
    if (plan.problems.length > 0)
      throw new CliError(`${plan.problems.length} record${plan.problems.length === 1 ? '' : 's'} of ${plan.file} cannot be applied as written (see the plan)`, ExitCode.error)
    if (this.flags['exit-code'] && plan.changes.length > 0) this.exit(ExitCode.found)
  }
}

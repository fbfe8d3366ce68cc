import * as Flags from '@oclif/core/flags'
import {info, warning} from '../core/base/notes.js'
import {DEFAULT_CONCURRENCY} from '../core/lists/pagination.js'
import type {OutputSpec} from '../core/output/output-spec.js'
import {checkExportRequest, exportState} from '../state/export.js'
import {concurrencyFlag, StateCommand} from '../topics/state.js'

const list = (values: readonly string[] | undefined) => (values ?? []).flatMap(value => value.split(',').map(item => item.trim()))

export default class Export extends StateCommand<typeof Export> {
  static summary = 'Write the current state of projects and groups as a state file'
  static description =
    "Reads the sections asked for (every section by default) of the projects and groups named by -p and -g (full paths or globs: * one path segment, ** any number), and of the instance with --instance, (GET on each section list endpoint, every page) and writes them on stdout as a state file for `forgectl plan` and `apply` (YAML; JSON with --json). Secret values are never written: a masked variable's value becomes {env: STATE_<SCOPE>_<KEY>} (never a name a reference may not read). `export` then `plan` of its output reports no changes."
  static examples = ['<%= config.bin %> export -p "acme/**" --sections labels,protected_branches > acme.yaml', '<%= config.bin %> export -g acme --instance --json']
  static outputs: OutputSpec = {formats: ['yaml', 'json', 'ndjson'], default: 'yaml', jq: true, columns: false, sort: false, rows: false, prints: 'a state file, not records'}
  static flags = {
    project: Flags.string({char: 'p', description: 'project path or glob; repeat or comma-separate for several', multiple: true, multipleNonGreedy: true}),
    group: Flags.string({char: 'g', description: 'group path or glob; repeat or comma-separate for several', multiple: true, multipleNonGreedy: true}),
    instance: Flags.boolean({description: "also the instance's sections (administrator)"}),
    sections: Flags.string({description: 'only these sections, comma-separated (labels,protected_branches)'}),
    concurrency: concurrencyFlag,
  }

  async run(): Promise<void> {
    const request = {
      projects: list(this.flags.project),
      groups: list(this.flags.group),
      instance: this.flags.instance,
      sections: this.flags.sections === undefined ? undefined : list([this.flags.sections]),
      concurrency: this.flags.concurrency ?? DEFAULT_CONCURRENCY,
    }
    checkExportRequest(request)
    const {document, leftOut} = await exportState(this.reader, request)
    for (const record of leftOut) this.note(warning(`left out ${record}: a state file cannot express it`))
    if (this.shared.verbose) this.note(info(`read in ${this.reader.sent} request${this.reader.sent === 1 ? '' : 's'}`))
    await this.print(document)
  }
}

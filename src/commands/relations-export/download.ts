import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {DOWNLOAD_ALL_COLUMNS, DOWNLOAD_ALL_FITS, downloadAll, downloadRelation, folderForAll, RELATION_FILE} from '../../api/relations-export.js'
import {UsageError} from '../../core/base/errors.js'
import {saved} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {reportBulk} from '../../core/command/fan-out.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {checkNoRecordFlags, saveFlags, saveOptions} from '../../core/transfer/save-flags.js'

export default class RelationsExportDownload extends ApiCommand<typeof RelationsExportDownload> {
  static summary = 'Download exported relation files (.ndjson.gz)'
  static description =
    "GET /projects/:id/export_relations/download (Maintainer role at least): the gzipped NDJSON file of one finished relation (404, exit 3, until it is finished), or with --batched --batch-number one batch of a batched relation. The file streams to disk under a temporary name and takes its final name only when complete; a folder as FILE keeps the server's file name (a batch: <relation>_<batch>.ndjson.gz, since the server names every batch as its relation), - writes to standard output. With --all, reads the status and downloads every finished relation, every batch of batched ones, into DIR (default ./relations-<project>) a few at a time, reports each file, skips (and lists) relations that are not finished, and exits non-zero when any download failed. An existing file is kept unless --clobber is given (exit 2); the folder of a FILE must exist. Ctrl-C stops --all at once: the report lists each file as done, interrupted or not done, and no partial file is left."
  static examples = [
    '<%= config.bin %> relations-export download -p my-group/my-project --relation labels',
    '<%= config.bin %> relations-export download -p 42 --relation issues --batched --batch-number 2 issues-2.ndjson.gz',
    '<%= config.bin %> relations-export download -p 42 --relation milestones - | gunzip | jq .title',
    '<%= config.bin %> relations-export download -p my-group/my-project --all ./export',
  ]
  static fits = DOWNLOAD_ALL_FITS
  static args = {
    file: Args.string({description: "FILE to write (- for standard output; a folder keeps the server's name; default: the current folder), or with --all the DIR to fill"}),
  }
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(RELATION_FILE, {exclusive: ['all']}),
    all: Flags.boolean({description: 'download every finished relation and batch into DIR (instead of --relation)'}),
    concurrency: Flags.integer({description: 'files downloaded at once with --all', default: 4, min: 1, max: 16}),
    ...saveFlags,
  }

  async run(): Promise<void> {
    const {project, all} = this.flags
    if (all) {
      const dir = await folderForAll(this.args.file, project)
      return reportBulk(this.commandContext, await downloadAll(this.api, project, dir, {...saveOptions(this.flags, this.connection), concurrency: this.flags.concurrency}), DOWNLOAD_ALL_COLUMNS)
    }
    checkNoRecordFlags(this.shared)
    const query = await this.read(RELATION_FILE)
    // "batch_number" names a batch of a batched relation
    if (query.batch_number !== undefined && query.batched !== true) throw new UsageError('--batch-number needs --batched')
    // the platform takes batched and batch_number together or not at all (all_or_none_of in lib/api/project_export.rb)
    if (query.batched === true && query.batch_number === undefined) throw new UsageError('--batched needs --batch-number')
    const written = await downloadRelation(this.api, project, query, this.args.file ?? '.', saveOptions(this.flags, this.connection))
    this.note(saved(written.bytes, written.path))
  }
}

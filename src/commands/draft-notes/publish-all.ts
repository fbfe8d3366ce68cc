import {MERGE_REQUEST, publishAllAndCount, publishAllDraftNotes} from '../../api/draft-notes.js'
import {done} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class DraftNotesPublishAll extends ApiCommand<typeof DraftNotesPublishAll> {
  static summary = 'Publish all your draft notes on a merge request'
  static description =
    "POST /projects/:id/merge_requests/:merge_request_iid/draft_notes/bulk_publish. Publishes your drafts only; other reviewers' drafts stay theirs. The server answers 204 without a count, so forgectl lists your drafts before and after and reports on stderr how many were published."
  static examples = ['<%= config.bin %> draft-notes publish-all -p my-group/my-project --mr 11', '<%= config.bin %> draft-notes publish-all -p 42 --mr 11 --dry-run']
  static flags = {...requiredProjectFlag, ...flagsOf(MERGE_REQUEST)}

  async run(): Promise<void> {
    const ref = {project: this.flags.project, ...(await this.read(MERGE_REQUEST))}
    // a dry run shows the publishing request itself, not the lists around it
    if (this.flags['dry-run']) return publishAllDraftNotes(this.api, ref)
    const published = await publishAllAndCount(this.api, ref)
    this.note(done('Published', `${published} draft note${published === 1 ? '' : 's'} on merge request !${ref.merge_request_iid}`))
  }
}

import {DRAFT_NOTE_COLUMNS, DRAFT_NOTE_FIELDS, listDraftNotes, MERGE_REQUEST} from '../../api/draft-notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class DraftNotesList extends ApiCommand<typeof DraftNotesList> {
  static summary = 'List your draft notes on a merge request'
  static description =
    'GET /projects/:id/merge_requests/:merge_request_iid/draft_notes. Draft notes are visible only to their author until published, so this lists yours only. Anyone who can comment on the merge request can use it.'
  static fields = DRAFT_NOTE_FIELDS
  static examples = ['<%= config.bin %> draft-notes list -p my-group/my-project --mr 11', '<%= config.bin %> draft-notes list -p 42 --mr 11 --all --json']
  static columns = DRAFT_NOTE_COLUMNS
  static flags = {...requiredProjectFlag, ...flagsOf(MERGE_REQUEST), ...listFlags}

  async run(): Promise<void> {
    const ref = {project: this.flags.project, ...(await this.read(MERGE_REQUEST))}
    await this.printList(listDraftNotes(ref))
  }
}

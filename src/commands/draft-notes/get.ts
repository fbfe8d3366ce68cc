import {getDraftNote, MERGE_REQUEST} from '../../api/draft-notes.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {DraftNoteCommand} from '../../topics/draft-notes.js'

export default class DraftNotesGet extends DraftNoteCommand<typeof DraftNotesGet> {
  static summary = 'Show one of your draft notes'
  static description =
    "GET /projects/:id/merge_requests/:merge_request_iid/draft_notes/:draft_note_id. The spec shows this answer as an array of one; forgectl prints the draft note itself (with --json too), as for every other record. Another author's draft is not found (exit 3)."
  static examples = ['<%= config.bin %> draft-notes get 7 -p my-group/my-project --mr 11', '<%= config.bin %> draft-notes get 7 -p 42 --mr 11 --json']
  static args = {note_id: idArg('NOTE_ID', 'draft note ID')}
  static flags = {...requiredProjectFlag, ...flagsOf(MERGE_REQUEST)}

  async run(): Promise<void> {
    const ref = {project: this.flags.project, ...(await this.read(MERGE_REQUEST))}
    await this.print(await getDraftNote(this.api, ref, this.args.note_id))
  }
}

import {deleteDraftNote, MERGE_REQUEST} from '../../api/draft-notes.js'
import {done, thing} from '../../core/base/notes.js'
import {idArg, requiredProjectFlag, yesFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {DraftNoteCommand} from '../../topics/draft-notes.js'

export default class DraftNotesDelete extends DraftNoteCommand<typeof DraftNotesDelete> {
  static summary = 'Delete one of your draft notes'
  static description = 'DELETE /projects/:id/merge_requests/:merge_request_iid/draft_notes/:draft_note_id. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> draft-notes delete 7 -p my-group/my-project --mr 11', '<%= config.bin %> draft-notes delete 7 -p 42 --mr 11 --yes']
  static args = {note_id: idArg('NOTE_ID', 'draft note ID')}
  static flags = {...requiredProjectFlag, ...flagsOf(MERGE_REQUEST), ...yesFlag}

  async run(): Promise<void> {
    const ref = {project: this.flags.project, ...(await this.read(MERGE_REQUEST))}
    await this.confirm(`delete draft note ${this.args.note_id} of merge request !${ref.merge_request_iid} in project ${this.flags.project}`)
    await deleteDraftNote(this.api, ref, this.args.note_id)
    this.note(done('Deleted', `${thing('draft note', this.args.note_id)} of merge request !${ref.merge_request_iid}`))
  }
}

import {MERGE_REQUEST, publishDraftNote} from '../../api/draft-notes.js'
import {done, thing} from '../../core/base/notes.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {DraftNoteCommand} from '../../topics/draft-notes.js'

export default class DraftNotesPublish extends DraftNoteCommand<typeof DraftNotesPublish> {
  static summary = 'Publish one of your draft notes'
  static description =
    'PUT /projects/:id/merge_requests/:merge_request_iid/draft_notes/:draft_note_id/publish. The server answers 204: the draft becomes a note everyone can see and leaves your drafts.'
  static examples = ['<%= config.bin %> draft-notes publish 7 -p my-group/my-project --mr 11', '<%= config.bin %> draft-notes publish 7 -p 42 --mr 11 --verbose']
  static args = {note_id: idArg('NOTE_ID', 'draft note ID')}
  static flags = {...requiredProjectFlag, ...flagsOf(MERGE_REQUEST)}

  async run(): Promise<void> {
    const ref = {project: this.flags.project, ...(await this.read(MERGE_REQUEST))}
    await publishDraftNote(this.api, ref, this.args.note_id)
    this.note(done('Published', `${thing('draft note', this.args.note_id)} on merge request !${ref.merge_request_iid}`))
  }
}

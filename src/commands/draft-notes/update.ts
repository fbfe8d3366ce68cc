import {DRAFT_NOTE_CHANGES, POSITION, positionOf, updateDraftNote} from '../../api/draft-notes.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {DraftNoteCommand} from '../../topics/draft-notes.js'
import {positionFlags} from './create.js'

export default class DraftNotesUpdate extends DraftNoteCommand<typeof DraftNotesUpdate> {
  static summary = 'Change the text or the position of one of your draft notes'
  static description =
    "PUT /projects/:id/merge_requests/:merge_request_iid/draft_notes/:draft_note_id. Needs --note (or --note-file): the platform refuses an update without the text. A position replaces the old one whole, so it follows the same rules as in create; without one the draft's own position is read first and sent back, since the platform would otherwise take the draft off the diff."
  static examples = [
    '<%= config.bin %> draft-notes update 7 -p my-group/my-project --mr 11 --note "Off by one, I think."',
    '<%= config.bin %> draft-notes update 7 -p 42 --mr 11 --note "This whole file." --position-type file --position-base-sha 5d6e9a1 --position-start-sha 5d6e9a1 --position-head-sha 9c8b7a6 --position-new-path docs/api.md',
  ]
  static args = {note_id: idArg('NOTE_ID', 'draft note ID')}
  static flags = {...requiredProjectFlag, ...flagsOf(DRAFT_NOTE_CHANGES), ...positionFlags}

  async run(): Promise<void> {
    const positionValues = await this.read(POSITION)
    const {merge_request_iid, note} = await this.read(DRAFT_NOTE_CHANGES)
    const ref = {project: this.flags.project, merge_request_iid}
    await this.print(await updateDraftNote(this.api, ref, this.args.note_id, {note, position: positionOf(positionValues)}))
  }
}

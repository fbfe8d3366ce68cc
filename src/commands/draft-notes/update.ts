import {mergeRequestFlags, noteText, positionFlags, positionFrom, updateDraftNote} from '../../api/draft-notes.js'
import {ApiCommand} from '../../core/base-command.js'
import {UsageError} from '../../core/errors.js'
import {idArg, textOrFileFlags} from '../../core/flags.js'

export default class DraftNotesUpdate extends ApiCommand<typeof DraftNotesUpdate> {
  static summary = 'Change the text or the position of one of your draft notes'
  static description = 'PUT /projects/:id/merge_requests/:merge_request_iid/draft_notes/:draft_note_id. Needs --note (or --note-file) or a position; a position replaces the old one whole, so it follows the same rules as in create.'
  static examples = [
    '<%= config.bin %> draft-notes update 7 -p my-group/my-project --mr 11 --note "Off by one, I think."',
    '<%= config.bin %> draft-notes update 7 -p 42 --mr 11 --position-type file --position-base-sha 5d6e9a1 --position-start-sha 5d6e9a1 --position-head-sha 9c8b7a6 --position-new-path docs/api.md',
  ]
  static args = {note_id: idArg('NOTE_ID', 'draft note ID')}
  static flags = {...mergeRequestFlags, ...textOrFileFlags('note', 'the new text of the note'), ...positionFlags}

  async run(): Promise<void> {
    const position = positionFrom(this.flags)
    const note = await noteText(this.flags)
    if (note === undefined && position === undefined) throw new UsageError('nothing to change: give --note (or --note-file) or a position (--position-...)')
    await this.print(await updateDraftNote(this.api, this.flags, this.args.note_id, {note, position}))
  }
}

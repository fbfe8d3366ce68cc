import * as Flags from '@oclif/core/flags'
import {createDraftNote, mergeRequestFlags, noteText, positionFlags, positionFrom} from '../../api/draft-notes.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {textOrFileFlags} from '../../core/flags.js'

export default class DraftNotesCreate extends ApiCommand<typeof DraftNotesCreate> {
  static summary = 'Start a draft note on a merge request'
  static description = 'POST /projects/:id/merge_requests/:merge_request_iid/draft_notes (anyone who can comment). Without position flags the draft becomes a regular discussion note when published; with them it sits on the diff: --position-base-sha, --position-head-sha, --position-start-sha and --position-position-type (alias --position-type) are then required, and a text position also needs --position-new-path and --position-old-path. Only you see the draft until you publish it.'
  static examples = [
    '<%= config.bin %> draft-notes create -p my-group/my-project --mr 11 --note "Looks good overall."',
    '<%= config.bin %> draft-notes create -p 42 --mr 11 --note "Off by one?" --position-type text --position-base-sha 5d6e9a1 --position-start-sha 5d6e9a1 --position-head-sha 9c8b7a6 --position-new-path app/rate_limit.rb --position-old-path app/rate_limit.rb --position-new-line 12',
    '<%= config.bin %> draft-notes create -p 42 --mr 11 --note-file review.md --in-reply-to-discussion-id 0a1b2c3d --resolve-discussion',
  ]
  static flags = {
    ...mergeRequestFlags,
    ...textOrFileFlags('note', 'the text of the note'),
    'commit-id': Flags.string({description: 'SHA of a commit to attach the note to'}),
    'in-reply-to-discussion-id': Flags.string({description: 'ID of the discussion (thread) this draft answers'}),
    'resolve-discussion': Flags.boolean({description: 'resolve the discussion when the draft is published', allowNo: true}),
    ...positionFlags,
  }

  async run(): Promise<void> {
    const position = positionFrom(this.flags)
    const note = await this.need(await noteText(this.flags), '--note', 'the note text')
    const extra = apiInput(this.flags, ['commit-id', 'in-reply-to-discussion-id', 'resolve-discussion'])
    await this.print(await createDraftNote(this.api, this.flags, {note, ...extra, position}))
  }
}

import {createDraftNote, NEW_DRAFT_NOTE, POSITION, positionOf} from '../../api/draft-notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

/**
 * The position flags, under their own heading in the help; --position-type is short for
 * --position-position-type (the spec's position[position_type]). Also used by `draft-notes update`.
 */
export const positionFlags = Object.fromEntries(
  Object.entries(flagsOf(POSITION)).map(([name, flag]) => [name, {...flag, helpGroup: 'POSITION', ...(name === 'position-position-type' ? {aliases: ['position-type']} : {})}]),
)

export default class DraftNotesCreate extends ApiCommand<typeof DraftNotesCreate> {
  static summary = 'Start a draft note on a merge request'
  static description =
    'POST /projects/:id/merge_requests/:merge_request_iid/draft_notes (anyone who can comment). Without position flags the draft becomes a regular discussion note when published; with them it sits on the diff: --position-base-sha, --position-head-sha, --position-start-sha and --position-position-type (alias --position-type) are then required, and a text position also needs --position-new-path and --position-old-path. Only you see the draft until you publish it.'
  static examples = [
    '<%= config.bin %> draft-notes create -p my-group/my-project --mr 11 --note "Looks good overall."',
    '<%= config.bin %> draft-notes create -p 42 --mr 11 --note "Off by one?" --position-type text --position-base-sha 5d6e9a1 --position-start-sha 5d6e9a1 --position-head-sha 9c8b7a6 --position-new-path app/rate_limit.rb --position-old-path app/rate_limit.rb --position-new-line 12',
    '<%= config.bin %> draft-notes create -p 42 --mr 11 --note-file review.md --in-reply-to-discussion-id 0a1b2c3d --resolve-discussion',
  ]
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(NEW_DRAFT_NOTE),
    ...positionFlags,
  }

  async run(): Promise<void> {
    const position = positionOf(await this.read(POSITION))
    const {merge_request_iid, ...draft} = await this.read(NEW_DRAFT_NOTE)
    await this.print(await createDraftNote(this.api, {project: this.flags.project, merge_request_iid}, {...draft, position}))
  }
}

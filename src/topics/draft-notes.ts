// What the commands on one draft note share: the words for its 404. The platform looks a draft up among
// the caller's own drafts with ActiveRecord's find (lib/api/draft_notes.rb), and answers a miss, another
// reviewer's draft included, with a bare "404 Not found" that names nothing: the line says what it means.
import type {Command} from '@oclif/core/command'
import {ApiError, CliError} from '../core/base/errors.js'
import {ApiCommand} from '../core/command/api-command.js'

export abstract class DraftNoteCommand<T extends typeof Command> extends ApiCommand<T> {
  public override async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    const id = (this.args as {note_id?: string} | undefined)?.note_id
    return super.catch(error instanceof ApiError && id !== undefined ? notYourDraft(error, id) : error)
  }
}

/** a 404 of the draft itself (not of the project or the merge request, which name themselves) */
function notYourDraft(error: ApiError, id: string): Error {
  if (!(error.status === 404 && /^not found$/i.test(error.serverMessage) && /\/draft_notes\/[^/]+/.test(error.path))) return error
  return new CliError(`${error.message}: you have no draft note ${id} on this merge request; a draft is seen by its author only (\`draft-notes list\` shows yours)`, error.exitCode)
}

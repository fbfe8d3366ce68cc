// What the commands on one milestone share: its ID, and the group or project it belongs to. A
// milestone is addressed by its ID; its IID (the number the web pages show) is another number, which
// the 404 of a milestone not found names.
import type {Command} from '@oclif/core/command'
import {changeMilestoneState, type StateChange, type StateEvent, TARGET_STATE} from '../api/milestones.js'
import {ApiError, CliError} from '../core/base/errors.js'
import {done, type Note, thing, unchanged} from '../core/base/notes.js'
import {ApiCommand} from '../core/command/api-command.js'
import {idArg, listFlags, projectOrGroupFlags} from '../core/input/flags.js'
import {type Scope, scopeOf, scopeThing} from '../core/input/scope.js'
import type {ListSpec} from '../core/lists/pagination.js'

export abstract class MilestoneCommand<T extends typeof Command> extends ApiCommand<T> {
  static args = {id: idArg('ID', 'milestone ID')}
  static flags = {...projectOrGroupFlags}

  /** -p or -g: exactly one */
  protected get scope(): Scope {
    return scopeOf(this.flags as {project?: string; group?: string})
  }

  /** the milestone as the API addresses it: its group or project, and its ID (not its IID) */
  protected get milestone(): {scope: Scope; id: string} {
    return {scope: this.scope, id: (this.args as {id: string}).id}
  }

  public override async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    // an answer comes only after the command line was read: its ID and scope are known then
    return super.catch(error instanceof ApiError ? notAnIid(error, this.milestone) : error)
  }

  /** the issues, merge requests or burndown events of the milestone */
  protected async printListOf(list: (scope: Scope, id: string) => ListSpec<unknown>): Promise<void> {
    const {scope, id} = this.milestone
    await this.printList(list(scope, id))
  }
}

/** "404 Milestone Not Found": perhaps an IID was given for the ID, which the 404 alone does not say */
function notAnIid(error: ApiError, {scope, id}: {scope: Scope; id: string}): Error {
  if (!(error.status === 404 && /milestone/i.test(error.serverMessage))) return error
  const words = `${scopeThing(scope)} has no milestone with ID ${id}; ID is the milestone's ID, not its IID (the number its web page shows): \`milestones list ${scope.kind === 'projects' ? '-p' : '-g'} ${scope.id}\` shows both`
  return new CliError(`${error.message}: ${words}`, error.exitCode)
}

/** close and activate: a PUT with state_event, saying when nothing changed */
export abstract class MilestoneStateCommand<T extends typeof Command> extends MilestoneCommand<T> {
  protected abstract readonly event: StateEvent

  async run(): Promise<void> {
    const {scope, id} = this.milestone
    // a dry run shows the PUT alone, without the read that tells whether anything changes
    const change = await changeMilestoneState(this.api, scope, id, this.event, !this.shared['dry-run'])
    this.note(stateChangeMessage(change))
    await this.print(change.milestone)
  }
}

/** the flags of the lists of a milestone (issues, merge requests, burndown events) */
export const milestoneListFlags = {...projectOrGroupFlags, ...listFlags}

export function stateChangeMessage({milestone, event, already}: StateChange): Note {
  const name = `${thing('milestone', milestone.title)} (ID ${milestone.id})`
  if (already) return unchanged(`${name} was already ${TARGET_STATE[event]}`)
  return done(event === 'close' ? 'Closed' : 'Activated', name)
}

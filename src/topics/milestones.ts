// What the commands on one group milestone share: its ID and its group.
import type {Command} from '@oclif/core/command'
import {changeMilestoneState, type StateChange, type StateEvent, TARGET_STATE} from '../api/milestones.js'
import {ApiCommand} from '../core/command/api-command.js'
import {idArg, listFlags, requiredGroupFlag} from '../core/input/flags.js'
import type {ListSpec} from '../core/lists/pagination.js'
import {done, type Note, thing, unchanged} from '../core/output/notes.js'

export abstract class MilestoneCommand<T extends typeof Command> extends ApiCommand<T> {
  static args = {id: idArg('ID', 'milestone ID')}
  static flags = {...requiredGroupFlag}

  /** the milestone as the API addresses it: its group, and its ID (not its IID) */
  protected get milestone(): {group: string; id: string} {
    return {group: (this.flags as {group: string}).group, id: (this.args as {id: string}).id}
  }
}

/** close and activate: a PUT with state_event, saying when nothing changed */
export abstract class MilestoneStateCommand<T extends typeof Command> extends MilestoneCommand<T> {
  protected abstract readonly event: StateEvent

  async run(): Promise<void> {
    const {group, id} = this.milestone
    // a dry run shows the PUT alone, without the read that tells whether anything changes
    const change = await changeMilestoneState(this.api, group, id, this.event, !this.shared['dry-run'])
    this.note(stateChangeMessage(change))
    await this.print(change.milestone)
  }
}

/** the issues, merge requests or burndown events of a milestone */
export abstract class MilestoneListCommand<T extends typeof Command> extends MilestoneCommand<T> {
  static flags = {...requiredGroupFlag, ...listFlags}
  protected abstract list(group: string, id: string): ListSpec<unknown>

  async run(): Promise<void> {
    const {group, id} = this.milestone
    await this.printList(this.list(group, id))
  }
}

export function stateChangeMessage({milestone, event, already}: StateChange): Note {
  const name = `${thing('milestone', milestone.title)} (ID ${milestone.id})`
  if (already) return unchanged(`${name} was already ${TARGET_STATE[event]}`)
  return done(event === 'close' ? 'Closed' : 'Activated', name)
}

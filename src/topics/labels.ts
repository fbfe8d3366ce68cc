// What the commands on one label share: the label, by ID or title, in a project or a group.
import type {Command} from '@oclif/core/command'
import {LABEL, setSubscription} from '../api/labels.js'
import {ApiCommand} from '../core/command/api-command.js'
import {projectOrGroupFlags} from '../core/input/flags.js'
import {argsOf} from '../core/input/input-flags.js'
import {type Scope, scopeOf} from '../core/input/scope.js'
import {thing, unchanged} from '../core/output/notes.js'

export abstract class LabelCommand<T extends typeof Command> extends ApiCommand<T> {
  static args = argsOf(LABEL)
  static flags = {...projectOrGroupFlags}

  protected get scope(): Scope {
    return scopeOf(this.flags as {project?: string; group?: string})
  }

  /** the LABEL argument: an ID or a title */
  protected async label(): Promise<string> {
    return (await this.read(LABEL)).label
  }
}

/** subscribe and unsubscribe: the server answers 304 when there is nothing to change */
export abstract class LabelSubscriptionCommand<T extends typeof Command> extends LabelCommand<T> {
  protected abstract readonly subscribe: boolean

  async run(): Promise<void> {
    const {changed, label} = await setSubscription(this.api, this.scope, await this.label(), this.subscribe)
    if (!changed) this.note(unchanged(`you were ${this.subscribe ? 'already' : 'not'} subscribed to ${thing('label', label.name)}`))
    await this.print(label)
  }
}

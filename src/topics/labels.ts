// What the commands on one label share: the label, by ID or title, in a project or a group.
import type {Command} from '@oclif/core/command'
import {getLabel, LABEL, setSubscription} from '../api/labels.js'
import {ApiError, CliError} from '../core/base/errors.js'
import {thing, unchanged} from '../core/base/notes.js'
import {ApiCommand} from '../core/command/api-command.js'
import type {ApiClient} from '../core/http/request.js'
import {projectOrGroupFlags} from '../core/input/flags.js'
import {argsOf} from '../core/input/input-flags.js'
import {type Scope, scopeOf, scopeThing} from '../core/input/scope.js'

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

  /** subscribe and unsubscribe: the server answers 304 when there is nothing to change */
  protected async setSubscribed(subscribe: boolean): Promise<void> {
    const {changed, label} = await setSubscription(this.api, this.scope, await this.label(), subscribe)
    if (!changed) this.note(unchanged(`you were ${subscribe ? 'already' : 'not'} subscribed to ${thing('label', label.name)}`))
    await this.print(label)
  }
}

/**
 * A change to a label (update, delete, promote) that answered 404 for a label the scope sees through an
 * ancestor group, said so: the platform looks for a label to change among the scope's own only
 * (find_label with include_ancestor_groups false, lib/api/helpers/label_helpers.rb), while a read finds
 * the inherited ones too. The label is read once more to tell the two 404s apart.
 */
export async function ownLabel<T>(api: ApiClient, scope: Scope, label: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404 && /label/i.test(error.serverMessage))) throw error
    const seen = await getLabel(api, scope, label).catch(() => undefined)
    if (!seen) throw error
    const words = `${thing('label', label)} is a label of an ancestor group, which ${scopeThing(scope)} inherits: change it in that group (-g GROUP)`
    throw new CliError(`${error.message}: ${words}`, error.exitCode)
  }
}

// What the commands on one member share: the member (a user ID, or a username looked up for it) in a
// project or a group, and the table's words for a level.
import type {Command} from '@oclif/core/command'
import {MEMBER, MEMBER_COLUMNS, MEMBER_FIELDS, MEMBER_WORDS} from '../api/members.js'
import {ApiCommand} from '../core/command/api-command.js'
import {projectOrGroupFlags} from '../core/input/flags.js'
import {argsOf} from '../core/input/input-flags.js'
import {type Scope, scopeOf} from '../core/input/scope.js'

export abstract class MemberCommand<T extends typeof Command> extends ApiCommand<T> {
  static args = argsOf(MEMBER)
  static flags = {...projectOrGroupFlags}
  static fields = MEMBER_FIELDS
  static columns = MEMBER_COLUMNS
  static words = MEMBER_WORDS
  // -q prints the username, which every members command takes
  static handle = 'username'

  protected get scope(): Scope {
    return scopeOf(this.flags as {project?: string; group?: string})
  }

  /** the USER argument, as the user's ID (a username is looked up once) */
  protected async user(): Promise<string> {
    return (await this.read(MEMBER)).user_id
  }
}

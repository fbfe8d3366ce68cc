import {MEMBER_AS_GIVEN, removeMember} from '../../api/members.js'
import {userIdOf} from '../../api/users.js'
import {done, thing} from '../../core/base/notes.js'
import {yesFlag} from '../../core/input/flags.js'
import {scopeThing} from '../../core/input/scope.js'
import {MemberCommand} from '../../topics/members.js'

export default class MembersRemove extends MemberCommand<typeof MembersRemove> {
  static summary = 'Remove a member from a project or a group'
  static description =
    "DELETE /projects/:id/members/:user_id or /groups/:id/members/:user_id: a manager of the members removes anyone (a group's last owner excepted, 403), a member may leave. Asks for confirmation on a terminal; pass --yes in scripts."
  static examples = ['<%= config.bin %> members remove erin -g my-group', '<%= config.bin %> members remove 42 -p my-group/my-project --yes']
  static flags = {...MemberCommand.flags, ...yesFlag}

  async run(): Promise<void> {
    // asked before a username is looked up: a refusal sends nothing
    const {user: given} = await this.read(MEMBER_AS_GIVEN)
    await this.confirm(`remove ${thing('member', given)} from ${scopeThing(this.scope)}`)
    const user = await userIdOf(this.api, given)
    await removeMember(this.api, this.scope, user)
    this.note(done('Removed', thing('member', given, scopeThing(this.scope))))
  }
}

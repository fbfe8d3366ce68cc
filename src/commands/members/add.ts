import {addMember, NEW_MEMBER} from '../../api/members.js'
import {argsOf, flagsOf} from '../../core/input/input-flags.js'
import {MemberCommand} from '../../topics/members.js'

export default class MembersAdd extends MemberCommand<typeof MembersAdd> {
  static summary = 'Add a member to a project or a group'
  static description =
    "POST /projects/:id/members or /groups/:id/members: a project's Maintainers add its members (only its Owners give the Owner role), a group's Owners its members. USER is a user ID or a username, which the platform takes as it is (no lookup). A user who is already a direct member is a conflict (409, exit 6): change them with `members update`."
  static examples = [
    '<%= config.bin %> members add oscar --access-level developer -g my-group',
    '<%= config.bin %> members add release-bot --access-level maintainer --expires-at 2027-06-30 -p my-group/my-project',
  ]
  static args = argsOf(NEW_MEMBER)
  static flags = {...MemberCommand.flags, ...flagsOf(NEW_MEMBER)}

  async run(): Promise<void> {
    await this.print(await addMember(this.api, this.scope, await this.read(NEW_MEMBER)))
  }
}

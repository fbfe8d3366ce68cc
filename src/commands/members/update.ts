import {MEMBER_CHANGES, MEMBER_UPDATE, updateMember} from '../../api/members.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {MemberCommand} from '../../topics/members.js'

export default class MembersUpdate extends MemberCommand<typeof MembersUpdate> {
  static summary = "Change a member's role or expiry"
  static description =
    'PUT /projects/:id/members/:user_id or /groups/:id/members/:user_id (the same roles as `members add`). The platform takes the role on every change, so --access-level is required; --expires-at "" removes the end. A group\'s last owner cannot be changed (403).'
  static examples = [
    '<%= config.bin %> members update erin --access-level developer -g my-group',
    '<%= config.bin %> members update release-bot --access-level maintainer --expires-at "" -p my-group/my-project',
  ]
  static flags = {...MemberCommand.flags, ...flagsOf(MEMBER_CHANGES)}

  async run(): Promise<void> {
    const {user_id: user, ...changes} = await this.read(MEMBER_UPDATE)
    await this.print(await updateMember(this.api, this.scope, user, changes))
  }
}

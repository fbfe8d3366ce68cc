import * as Flags from '@oclif/core/flags'
import {getMember} from '../../api/members.js'
import {MemberCommand} from '../../topics/members.js'

export default class MembersGet extends MemberCommand<typeof MembersGet> {
  static summary = 'Show one member of a project or a group'
  static description =
    'GET /projects/:id/members/:user_id or /groups/:id/members/:user_id. USER is a user ID or a username (looked up once). With --inherited, GET .../members/all/:user_id: a member through an ancestor group too.'
  static examples = ['<%= config.bin %> members get dave -g my-group', '<%= config.bin %> members get 42 -p my-group/my-project --inherited --json']
  static flags = {...MemberCommand.flags, inherited: Flags.boolean({description: 'a member through an ancestor group too (/members/all/:user_id)'})}

  async run(): Promise<void> {
    await this.print(await getMember(this.api, this.scope, await this.user(), this.flags.inherited))
  }
}

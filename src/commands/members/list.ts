import * as Flags from '@oclif/core/flags'
import {listMembers, MEMBER_COLUMNS, MEMBER_FIELDS, MEMBER_FILTERS, MEMBER_WORDS} from '../../api/members.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, projectOrGroupFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class MembersList extends ApiCommand<typeof MembersList> {
  static summary = 'List the members of a project or a group'
  static description =
    "GET /projects/:id/members or /groups/:id/members: the direct members. With --inherited, GET .../members/all: those who are members through an ancestor group too, each once at their highest role. Anyone who can see the project or group can list its members. The table shows each role's word; --json keeps the platform's number."
  static fields = MEMBER_FIELDS
  static columns = MEMBER_COLUMNS
  static words = MEMBER_WORDS
  static handle = 'username'
  static examples = ['<%= config.bin %> members list -g my-group', '<%= config.bin %> members list -p my-group/my-project --inherited --all --json']
  static flags = {
    ...projectOrGroupFlags,
    inherited: Flags.boolean({description: 'members through ancestor groups too (/members/all)'}),
    ...listFlags,
    ...flagsOf(MEMBER_FILTERS),
  }

  async run(): Promise<void> {
    await this.printList(listMembers(scopeOf(this.flags), await this.read(MEMBER_FILTERS), this.flags.inherited))
  }
}

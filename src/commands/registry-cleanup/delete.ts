import {deletePolicy} from '../../api/registry-cleanup.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredGroupFlag, yesFlag} from '../../core/input/flags.js'

export default class RegistryCleanupDelete extends ApiCommand<typeof RegistryCleanupDelete> {
  static summary = "Delete a group's virtual registry cleanup policy"
  static description = 'DELETE /groups/:id/-/virtual_registries/cleanup/policy (group Owner); the server answers 204. Asks for confirmation on a terminal; pass --yes in scripts.'
  static examples = ['<%= config.bin %> registry-cleanup delete -g my-group', '<%= config.bin %> registry-cleanup delete -g 42 --yes']
  static flags = {...requiredGroupFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`delete the virtual registry cleanup policy of group ${this.flags.group}`)
    await deletePolicy(this.api, this.flags.group)
    this.note(done('Deleted', `the cleanup policy of ${thing('group', this.flags.group)}`))
  }
}

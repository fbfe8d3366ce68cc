import * as Flags from '@oclif/core/flags'
import {getMirror, mirrorSyncPoller, syncMirror} from '../../api/mirrors.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {waitFlags, waitFor, waitOptions} from '../../core/transfer/poll.js'
import {asMaintainer} from '../../topics/mirrors.js'

export default class MirrorsSync extends ApiCommand<typeof MirrorsSync> {
  static summary = 'Push to a mirror now'
  static description =
    "POST /projects/:id/remote_mirrors/:mirror_id/sync (Maintainer role; the mirror must be enabled); the server answers 204 and queues an update (none while one is running); update_status stays as it was until the update starts. With --wait, polls the mirror until update_status is finished and prints it, or exits 9 with the server's last_error when it ends failed (exit 8 when --wait-timeout passes first). A spinner shows on a terminal only."
  static examples = ['<%= config.bin %> mirrors sync 7 -p my-group/my-project', '<%= config.bin %> mirrors sync 7 -p 42 --wait --wait-timeout 300 --interval 5 --json']
  static args = {mirror_id: idArg('MIRROR_ID', 'mirror ID')}
  static timeoutIsWaitLimit = true
  static flags = {
    ...requiredProjectFlag,
    wait: Flags.boolean({description: 'wait for the update to end and print the mirror'}),
    ...waitFlags,
  }

  async run(): Promise<void> {
    const {project, wait} = this.flags
    const {mirror_id: id} = this.args
    // the state before the sync tells a fresh result from an old one; a dry run only shows the sync itself
    const before = wait && !this.flags['dry-run'] ? await asMaintainer(this.api, project, () => getMirror(this.api, project, id)) : undefined
    await asMaintainer(this.api, project, () => syncMirror(this.api, project, id))
    this.note(done('Scheduled', `an update of ${thing('remote mirror', id)}`))
    if (!before) return
    const mirror = await waitFor(mirrorSyncPoller(this.api, project, before), waitOptions(this.io, this.flags, `mirror ${id} update`))
    await this.print(mirror)
  }
}

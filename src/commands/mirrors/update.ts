import * as Flags from '@oclif/core/flags'
import {AUTH_METHODS, checkBranchRegex, updateMirror, type AuthMethod} from '../../api/mirrors.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, requiredProjectFlag} from '../../core/flags.js'
import {atLeastOne} from '../../core/validate.js'

export default class MirrorsUpdate extends ApiCommand<typeof MirrorsUpdate> {
  static summary = "Change a push mirror's settings"
  static description = 'PUT /projects/:id/remote_mirrors/:mirror_id (Maintainer role). The URL cannot be changed: delete the mirror and add it again.'
  static examples = [
    '<%= config.bin %> mirrors update 7 -p my-group/my-project --enabled',
    '<%= config.bin %> mirrors update 7 -p 42 --no-only-protected-branches --mirror-branch-regex "^(main|release/.*)$"',
  ]
  static args = {mirror_id: idArg('MIRROR_ID', 'mirror ID')}
  static flags = {
    ...requiredProjectFlag,
    'auth-method': Flags.string({description: 'how to authenticate to the target', options: [...AUTH_METHODS]}),
    enabled: Flags.boolean({description: 'turn push mirroring on or (--no-enabled) off', allowNo: true}),
    'keep-divergent-refs': Flags.boolean({description: 'do not overwrite refs that diverged on the target', allowNo: true}),
    'only-protected-branches': Flags.boolean({description: 'mirror protected branches only', allowNo: true}),
    'mirror-branch-regex': Flags.string({description: 'mirror only branches matching this RE2 expression (needs only_protected_branches disabled; Premium)'}),
  }

  async run(): Promise<void> {
    const names = ['auth-method', 'enabled', 'keep-divergent-refs', 'only-protected-branches', 'mirror-branch-regex'] as const
    atLeastOne(this.flags, [...names])
    checkBranchRegex(this.flags)
    const settings = apiInput(this.flags, names)
    await this.print(await updateMirror(this.api, this.flags.project, this.args.mirror_id, {...settings, auth_method: settings.auth_method as AuthMethod | undefined}))
  }
}

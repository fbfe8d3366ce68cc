import * as Flags from '@oclif/core/flags'
import {AUTH_METHODS, checkBranchRegex, createMirror, validMirrorUrl, type AuthMethod} from '../../api/mirrors.js'
import {apiInput} from '../../core/api-input.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag} from '../../core/flags.js'

export default class MirrorsCreate extends ApiCommand<typeof MirrorsCreate> {
  static summary = 'Add a push mirror to a project'
  static description = 'POST /projects/:id/remote_mirrors (Maintainer role). Push mirroring is disabled unless --enabled is given; update_status starts as none. Credentials in --url are sent to the server and never shown back (nor in --verbose or --dry-run).'
  static examples = [
    '<%= config.bin %> mirrors create -p my-group/my-project --url https://bot:TOKEN@backup.example.com/team/app.git --enabled',
    '<%= config.bin %> mirrors create -p 42 --url ssh://git@mirror.example.org/team/app.git --auth-method ssh_public_key --keep-divergent-refs',
    '<%= config.bin %> mirrors create -p 42 --url https://backup.example.com/app.git --mirror-branch-regex "^release/" --enabled',
  ]
  static flags = {
    ...requiredProjectFlag,
    url: Flags.string({description: 'URL to push to (http, https, ssh or git)', required: true, parse: async value => validMirrorUrl(value)}),
    'auth-method': Flags.string({description: 'how to authenticate to the target', options: [...AUTH_METHODS]}),
    enabled: Flags.boolean({description: 'turn push mirroring on (API default: off)', allowNo: true}),
    'keep-divergent-refs': Flags.boolean({description: 'do not overwrite refs that diverged on the target', allowNo: true}),
    'only-protected-branches': Flags.boolean({description: 'mirror protected branches only', allowNo: true}),
    'mirror-branch-regex': Flags.string({description: 'mirror only branches matching this RE2 expression (needs only_protected_branches disabled; Premium)'}),
  }

  async run(): Promise<void> {
    checkBranchRegex(this.flags)
    const settings = apiInput(this.flags, ['enabled', 'keep-divergent-refs', 'only-protected-branches', 'mirror-branch-regex'])
    const auth = this.flags['auth-method'] as AuthMethod | undefined
    await this.print(await createMirror(this.api, this.flags.project, {url: this.flags.url, auth_method: auth, ...settings}))
  }
}

import {createHook, NEW_HOOK} from '../../api/hooks.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class HooksCreate extends ApiCommand<typeof HooksCreate> {
  static summary = 'Add a system hook'
  static description =
    "POST /hooks. Administrator only (self-managed). Push events are sent unless --no-push-events; the other events only when asked for. --secret-token is the API's `token` (--token is the access token): it is sent once, never returned, and never shown in --verbose or --dry-run. The spec shows the answer as an array of one, the platform sends the hook itself; forgectl prints the hook either way, in the same shape as `hooks get` (--json too), its URL (which may hold credentials) as [REDACTED], here and in --verbose and --dry-run; `hooks get` shows it."
  static examples = [
    '<%= config.bin %> hooks create --url https://hooks.example.com/forge --name audit --secret-token "$HOOK_SECRET"',
    '<%= config.bin %> hooks create --url https://ci.example.com/hook --no-push-events --merge-requests-events --tag-push-events',
    '<%= config.bin %> hooks create --url https://ci.example.com/hook --push-events-branch-filter "^release/" --branch-filter-strategy regex',
  ]
  static flags = flagsOf(NEW_HOOK)

  async run(): Promise<void> {
    await this.print(await createHook(this.api, await this.read(NEW_HOOK)))
  }
}

import {setUrlVariable, URL_VARIABLE} from '../../../api/hooks.js'
import {done, thing} from '../../../core/base/notes.js'
import {ApiCommand} from '../../../core/command/api-command.js'
import {idArg} from '../../../core/input/flags.js'
import {checkText} from '../../../core/input/input.js'
import {argsOf} from '../../../core/input/input-flags.js'
import {readStdin} from '../../../core/input/input-read.js'

export default class HooksUrlVariablesSet extends ApiCommand<typeof HooksUrlVariablesSet> {
  static summary = 'Set a URL variable of a system hook'
  static description =
    'PUT /hooks/:hook_id/url_variables/:key. Administrator only (self-managed). The hook URL can name it as {KEY}. The value is never returned by the platform and never shown in --verbose or --dry-run; VALUE - reads it from standard input (one trailing line break dropped), keeping it out of the shell history.'
  static examples = ['<%= config.bin %> hooks url-variables set 3 api_key "$RECEIVER_KEY"', 'pass show receiver/key | <%= config.bin %> hooks url-variables set 3 api_key -']
  static args = {hook_id: idArg('HOOK_ID', 'system hook ID'), ...argsOf(URL_VARIABLE)}

  async run(): Promise<void> {
    const {key, value} = await this.read(URL_VARIABLE)
    // a piped value passes the same check as a typed one (an empty one is refused)
    const piped = value === '-' ? checkText(URL_VARIABLE.value, (await readStdin(this.io.stdin)).replace(/\r?\n$/, ''), 'VALUE from standard input') : value
    await setUrlVariable(this.api, this.args.hook_id, {key, value: piped})
    this.note(done('Set', thing('URL variable', key, thing('system hook', this.args.hook_id))))
  }
}

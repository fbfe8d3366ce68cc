import * as Args from '@oclif/core/args'
import {setUrlVariable, urlVariableKeyArg} from '../../../api/hooks.js'
import {ApiCommand} from '../../../core/base-command.js'
import {idArg, readStdin} from '../../../core/flags.js'
import {done, thing} from '../../../core/notes.js'

export default class HooksUrlVariablesSet extends ApiCommand<typeof HooksUrlVariablesSet> {
  static summary = 'Set a URL variable of a system hook'
  static description = 'PUT /hooks/:hook_id/url_variables/:key. Administrator only (self-managed). The hook URL can name it as {KEY}. The value is never returned by the platform and never shown in --verbose or --dry-run; VALUE - reads it from standard input (one trailing line break dropped), keeping it out of the shell history.'
  static examples = [
    '<%= config.bin %> hooks url-variables set 3 api_key "$RECEIVER_KEY"',
    'pass show receiver/key | <%= config.bin %> hooks url-variables set 3 api_key -',
  ]
  static args = {
    hook_id: idArg('HOOK_ID', 'system hook ID'),
    key: urlVariableKeyArg(),
    value: Args.string({description: 'the value, or - for standard input', required: true}),
  }

  async run(): Promise<void> {
    const value = this.args.value === '-' ? (await readStdin()).replace(/\r?\n$/, '') : this.args.value
    await setUrlVariable(this.api, this.args.hook_id, this.args.key, value)
    this.note(done('Set', thing('URL variable', this.args.key, thing('system hook', this.args.hook_id))))
  }
}

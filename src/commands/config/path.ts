import {BaseCommand} from '../../core/command/base-command.js'
import {configPath} from '../../core/config/config-store.js'
import {ONE_VALUE} from '../../core/output/output-spec.js'

export default class ConfigPath extends BaseCommand<typeof ConfigPath> {
  static summary = 'Print the path of the settings file'
  static description = 'The file holds every profile, tokens included; it is created readable by its owner only (mode 0600, folder 0700). FORGECTL_CONFIG_DIR moves it.'
  static examples = ['<%= config.bin %> config path', 'ls -l "$(<%= config.bin %> config path)"']

  static outputs = ONE_VALUE

  async run(): Promise<void> {
    const path = configPath(this.io.env)
    await this.printOne(path, () => path + '\n')
  }
}

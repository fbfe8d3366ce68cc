import {listWidgets, WIDGET_COLUMNS, WIDGET_FIELDS} from '../../api/widgets.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredProjectFlag} from '../../core/input/flags.js'
import {scopeOf} from '../../core/input/scope.js'

export default class WidgetsList extends ApiCommand<typeof WidgetsList> {
  static summary = 'List the widgets of a project'
  static description = 'GET /projects/:id/widgets.'
  static examples = ['<%= config.bin %> widgets list -p my-group/my-project', '<%= config.bin %> widgets list -p 42 --json']
  static fields = WIDGET_FIELDS
  static columns = WIDGET_COLUMNS
  static flags = {...requiredProjectFlag, ...listFlags}

  async run(): Promise<void> {
    await this.printList(listWidgets(scopeOf(this.flags)))
  }
}

import {LabelCommand} from '../../topics/labels.js'

export default class LabelsUnsubscribe extends LabelCommand<typeof LabelsUnsubscribe> {
  static summary = 'Unsubscribe from a label'
  static description =
    'POST /projects/:id/labels/:label_id/unsubscribe or /groups/:id/labels/:label_id/unsubscribe, for the authenticated user. When you are already not subscribed to it, the server answers 304 Not Modified: forgectl says so and shows the label.'
  static examples = ['<%= config.bin %> labels unsubscribe bug -p my-group/my-project', '<%= config.bin %> labels unsubscribe 42 -g my-group --json']

  async run(): Promise<void> {
    await this.setSubscribed(false)
  }
}

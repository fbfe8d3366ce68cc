import {LabelCommand} from '../../topics/labels.js'

export default class LabelsSubscribe extends LabelCommand<typeof LabelsSubscribe> {
  static summary = 'Subscribe to a label'
  static description =
    'POST /projects/:id/labels/:label_id/subscribe or /groups/:id/labels/:label_id/subscribe, for the authenticated user. When you are already subscribed to it, the server answers 304 Not Modified: forgectl says so and shows the label.'
  static examples = ['<%= config.bin %> labels subscribe bug -p my-group/my-project', '<%= config.bin %> labels subscribe 42 -g my-group --json']

  async run(): Promise<void> {
    await this.setSubscribed(true)
  }
}

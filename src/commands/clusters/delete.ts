import {CLUSTERS_DEPRECATION, deleteCluster} from '../../api/clusters.js'
import {done, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag, yesFlag} from '../../core/input/flags.js'

export default class ClustersDelete extends ApiCommand<typeof ClustersDelete> {
  static summary = 'Remove a certificate-based cluster from a project (deprecated)'
  static description =
    'DELETE /projects/:id/clusters/:cluster_id (Maintainer role at least). Deprecated by the platform in release 14.5. Removes the record only: the resources inside the connected cluster remain. Asks for confirmation on a terminal; pass --yes in scripts.'
  static state = 'deprecated'
  static deprecationOptions = CLUSTERS_DEPRECATION
  static examples = ['<%= config.bin %> clusters delete 18 -p my-group/my-project', '<%= config.bin %> clusters delete 18 -p 42 --yes']
  static args = {cluster_id: idArg('CLUSTER_ID', 'cluster ID')}
  static flags = {...requiredProjectFlag, ...yesFlag}

  async run(): Promise<void> {
    await this.confirm(`remove cluster ${this.args.cluster_id} from project ${this.flags.project} (resources inside the cluster remain)`)
    await deleteCluster(this.api, this.flags.project, this.args.cluster_id)
    this.note(done('Removed', `${thing('cluster', this.args.cluster_id)} from ${thing('project', this.flags.project)}`, 'the resources inside the cluster remain'))
  }
}

import {CLUSTERS_DEPRECATION, getCluster} from '../../api/clusters.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'

export default class ClustersGet extends ApiCommand<typeof ClustersGet> {
  static summary = 'Show one certificate-based cluster of a project (deprecated)'
  static description = 'GET /projects/:id/clusters/:cluster_id (Maintainer role at least). Deprecated by the platform in release 14.5. The orchestrator token is never returned.'
  static state = 'deprecated'
  static deprecationOptions = CLUSTERS_DEPRECATION
  static examples = ['<%= config.bin %> clusters get 18 -p my-group/my-project', '<%= config.bin %> clusters get 18 -p 42 --json']
  static args = {cluster_id: idArg('CLUSTER_ID', 'cluster ID')}
  static flags = {...requiredProjectFlag}

  async run(): Promise<void> {
    await this.print(await getCluster(this.api, this.flags.project, this.args.cluster_id))
  }
}

import {CLUSTER_COLUMNS, CLUSTER_FIELDS, CLUSTERS_DEPRECATION, listClusters} from '../../api/clusters.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags, requiredProjectFlag} from '../../core/input/flags.js'

export default class ClustersList extends ApiCommand<typeof ClustersList> {
  static summary = 'List the certificate-based clusters of a project (deprecated)'
  static description =
    "GET /projects/:id/clusters (Maintainer role at least). Deprecated by the platform in release 14.5. The list leaves out each cluster's `project`; the orchestrator token is never returned."
  static state = 'deprecated'
  static deprecationOptions = CLUSTERS_DEPRECATION
  static fields = CLUSTER_FIELDS
  static examples = ['<%= config.bin %> clusters list -p my-group/my-project', '<%= config.bin %> clusters list -p 42 --json']
  static columns = CLUSTER_COLUMNS
  static flags = {...requiredProjectFlag, ...listFlags}

  async run(): Promise<void> {
    await this.printList(listClusters(this.flags.project))
  }
}

import {addCluster, CLUSTERS_DEPRECATION, NEW_CLUSTER} from '../../api/clusters.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {requiredProjectFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class ClustersAdd extends ApiCommand<typeof ClustersAdd> {
  static summary = 'Add an existing certificate-based cluster to a project (deprecated)'
  static description =
    "POST /projects/:id/clusters/user (Maintainer role at least). Deprecated by the platform in release 14.5. --orchestrator-token is the cluster's own service token (sent as platform_orchestrator_attributes[token]; --token stays the access token of the connection); it is asked for masked on a terminal when not given, redacted in --verbose and --dry-run output, and never returned."
  static state = 'deprecated'
  static deprecationOptions = CLUSTERS_DEPRECATION
  static examples = [
    '<%= config.bin %> clusters add -p my-group/my-project --name production --api-url https://orchestrator.example.com:6443 --orchestrator-token "$CLUSTER_TOKEN" --ca-cert-file ca.pem',
    '<%= config.bin %> clusters add -p 42 --name staging --api-url https://10.0.0.5 --orchestrator-token "$CLUSTER_TOKEN" --namespace staging --authorization-type abac --no-managed',
  ]
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(NEW_CLUSTER),
  }

  async run(): Promise<void> {
    await this.print(await addCluster(this.api, this.flags.project, await this.read(NEW_CLUSTER)))
  }
}

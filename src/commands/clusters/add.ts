import * as Flags from '@oclif/core/flags'
import {addCluster, apiUrlFlag, authorizationTypeFlag, clusterSettings, clusterSettingsFlags, CLUSTERS_DEPRECATION, type NewCluster} from '../../api/clusters.js'
import {ApiCommand} from '../../core/base-command.js'
import {requiredProjectFlag} from '../../core/flags.js'

export default class ClustersAdd extends ApiCommand<typeof ClustersAdd> {
  static summary = 'Add an existing certificate-based cluster to a project (deprecated)'
  static description = 'POST /projects/:id/clusters/user (Maintainer role at least). Deprecated by the platform in release 14.5. --orchestrator-token is the cluster\'s own service token (sent as platform_orchestrator_attributes[token]; --token stays the access token of the connection); it is redacted in --verbose and --dry-run output and never returned.'
  static state = 'deprecated'
  static deprecationOptions = CLUSTERS_DEPRECATION
  static examples = [
    '<%= config.bin %> clusters add -p my-group/my-project --name production --api-url https://orchestrator.example.com:6443 --orchestrator-token "$CLUSTER_TOKEN" --ca-cert-file ca.pem',
    '<%= config.bin %> clusters add -p 42 --name staging --api-url https://10.0.0.5 --orchestrator-token "$CLUSTER_TOKEN" --namespace staging --authorization-type abac --no-managed',
  ]
  static flags = {
    ...requiredProjectFlag,
    name: Flags.string({description: 'name of the cluster', required: true}),
    'api-url': apiUrlFlag({description: 'platform_orchestrator_attributes[api_url]: URL of the orchestrator API', required: true}),
    'orchestrator-token': Flags.string({description: 'platform_orchestrator_attributes[token]: token to authenticate to the orchestrator', required: true}),
    'authorization-type': authorizationTypeFlag,
    ...clusterSettingsFlags,
  }

  async run(): Promise<void> {
    await this.print(await addCluster(this.api, this.flags.project, await clusterSettings(this.flags) as NewCluster))
  }
}

import * as Flags from '@oclif/core/flags'
import {apiUrlFlag, CLUSTER_SETTINGS, clusterSettings, clusterSettingsFlags, CLUSTERS_DEPRECATION, updateCluster} from '../../api/clusters.js'
import {ApiCommand} from '../../core/base-command.js'
import {idArg, requiredProjectFlag} from '../../core/flags.js'
import {atLeastOne} from '../../core/validate.js'

export default class ClustersUpdate extends ApiCommand<typeof ClustersUpdate> {
  static summary = 'Change a certificate-based cluster of a project (deprecated)'
  static description = 'PUT /projects/:id/clusters/:cluster_id (Maintainer role at least). Deprecated by the platform in release 14.5. Needs at least one change. --name, --api-url, --ca-cert and --orchestrator-token can be changed only for clusters added with `clusters add` (the POST endpoint); the server refuses them for other clusters (exit 6). The orchestrator token is redacted in --verbose and --dry-run output.'
  static state = 'deprecated'
  static deprecationOptions = CLUSTERS_DEPRECATION
  static examples = [
    '<%= config.bin %> clusters update 18 -p my-group/my-project --no-enabled',
    '<%= config.bin %> clusters update 18 -p 42 --api-url https://orchestrator.example.com:6443 --orchestrator-token "$NEW_TOKEN" --ca-cert-file ca.pem',
  ]
  static args = {cluster_id: idArg('CLUSTER_ID', 'cluster ID')}
  static flags = {
    ...requiredProjectFlag,
    name: Flags.string({description: 'new name (only for clusters added through the API)'}),
    'api-url': apiUrlFlag({description: 'platform_orchestrator_attributes[api_url]: URL of the orchestrator API'}),
    'orchestrator-token': Flags.string({description: 'platform_orchestrator_attributes[token]: new token for the orchestrator'}),
    ...clusterSettingsFlags,
  }

  async run(): Promise<void> {
    atLeastOne(this.flags, [...CLUSTER_SETTINGS])
    await this.print(await updateCluster(this.api, this.flags.project, this.args.cluster_id, await clusterSettings(this.flags)))
  }
}

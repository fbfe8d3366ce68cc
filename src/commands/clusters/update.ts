import {CLUSTER_CHANGES, CLUSTERS_DEPRECATION, updateCluster} from '../../api/clusters.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {idArg, requiredProjectFlag} from '../../core/input/flags.js'
import {someChange} from '../../core/input/input.js'
import {flagsOf} from '../../core/input/input-flags.js'

export default class ClustersUpdate extends ApiCommand<typeof ClustersUpdate> {
  static summary = 'Change a certificate-based cluster of a project (deprecated)'
  static description =
    'PUT /projects/:id/clusters/:cluster_id (Maintainer role at least). Deprecated by the platform in release 14.5. Needs at least one change; --domain "" and --namespace "" clear them. --name, --api-url, --ca-cert and --orchestrator-token can be changed only for clusters added with `clusters add` (the POST endpoint); the server refuses them for other clusters (exit 6). Without --namespace-per-environment the cluster\'s own value is read first and sent back: the platform would otherwise turn it on. The orchestrator token is redacted in --verbose and --dry-run output.'
  static state = 'deprecated'
  static deprecationOptions = CLUSTERS_DEPRECATION
  static examples = [
    '<%= config.bin %> clusters update 18 -p my-group/my-project --no-enabled',
    '<%= config.bin %> clusters update 18 -p 42 --api-url https://orchestrator.example.com:6443 --orchestrator-token "$NEW_TOKEN" --ca-cert-file ca.pem',
  ]
  static args = {cluster_id: idArg('CLUSTER_ID', 'cluster ID')}
  static flags = {
    ...requiredProjectFlag,
    ...flagsOf(CLUSTER_CHANGES),
  }

  async run(): Promise<void> {
    const changes = await this.read(CLUSTER_CHANGES)
    someChange(CLUSTER_CHANGES, changes)
    await this.print(await updateCluster(this.api, this.flags.project, this.args.cluster_id, changes))
  }
}

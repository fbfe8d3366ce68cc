import * as Flags from '@oclif/core/flags'
import {addProjectDeployKey, createInstanceDeployKey, NEW_PROJECT_DEPLOY_KEY} from '../../api/deploy-keys.js'
import {ApiCommand} from '../../core/base-command.js'
import {DEFAULT_BULK_CONCURRENCY, runBulk} from '../../core/bulk.js'
import {UsageError} from '../../core/errors.js'
import {projectListFlag} from '../../core/flags.js'
import {flagsOf} from '../../core/input-flags.js'
import {targets} from '../../core/scope.js'

export default class DeployKeysAdd extends ApiCommand<typeof DeployKeysAdd> {
  static summary = 'Add a deploy key to one or more projects, or to the instance'
  static description =
    'With -p: POST /projects/:id/deploy_keys once per project (Maintainer role in each). A key already used in a project you maintain is joined, keeping its ID; can_push is set per project. With several projects the key is added to each, several at a time, and every project gets a result line; the exit code is non-zero when any failed. Without -p: POST /deploy_keys, a public key of the instance (administrator). The key text is checked locally first.'
  static examples = [
    '<%= config.bin %> deploy-keys add --title "CI deploy" --key-file ~/.ssh/ci.pub -p my-group/my-project --can-push',
    '<%= config.bin %> deploy-keys add --title "Backup reader" --key-file backup.pub -p group/app-1,group/app-2 -p group/app-3',
    '<%= config.bin %> deploy-keys add --title "Fleet key" --key "ssh-ed25519 AAAAC3Nza... fleet" --expires-at 2026-12-31T23:59:00Z',
  ]
  static flags = {
    ...flagsOf(NEW_PROJECT_DEPLOY_KEY),
    ...projectListFlag,
    concurrency: Flags.integer({description: 'projects handled at once with several -p', default: DEFAULT_BULK_CONCURRENCY, min: 1, max: 32}),
  }

  async run(): Promise<void> {
    const projects = targets(this.flags.project)
    const {can_push: canPush, ...key} = await this.read(NEW_PROJECT_DEPLOY_KEY)
    if (projects.length === 0) {
      // an instance key has no push access of its own: that is set per project
      if (canPush !== undefined) throw new UsageError('--can-push applies to project keys (-p) only')
      return this.print(await createInstanceDeployKey(this.api, key))
    }
    const projectKey = {...key, can_push: canPush}
    if (projects.length === 1) return this.print(await addProjectDeployKey(this.api, projects[0]!, projectKey))
    await this.reportBulk(
      await runBulk(
        projects,
        p => `project ${p}`,
        p => addProjectDeployKey(this.api, p, projectKey),
        this.flags.concurrency,
      ),
    )
  }
}

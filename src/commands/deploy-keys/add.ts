import * as Flags from '@oclif/core/flags'
import {KeyPlacementRun, placeDeployKey, placementStatus} from '../../api/deploy-key-add.js'
import {createInstanceDeployKey, NEW_PROJECT_DEPLOY_KEY} from '../../api/deploy-keys.js'
import {CliError, UsageError} from '../../core/base/errors.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {fanOut} from '../../core/command/fan-out.js'
import {projectListFlag, resumeFlag, shardFlag} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {targetIdentity, targets} from '../../core/input/scope.js'
import {DEFAULT_BULK_CONCURRENCY, Reported} from '../../core/lists/bulk.js'
import {DRY_RUN_NOTE, placementNote} from '../../topics/deploy-keys.js'

export default class DeployKeysAdd extends ApiCommand<typeof DeployKeysAdd> {
  static summary = 'Add a deploy key to one or more projects, or to the instance'
  static description =
    "With -p: the key in each project as asked (Maintainer role in each), one request where the key is new or already as asked. POST /projects/:id/deploy_keys creates it, joins it, keeping its ID, when it is used in a project you maintain, or answers the key already in the project; where the answer's title or push access differs from --title and --can-push, a PUT /projects/:id/deploy_keys/:key_id sets them (the title is the key's own in every project that uses it: the platform takes it only from an administrator or for a key no other project uses). The project's keys are read (GET) only when the platform refuses the key as taken: the same key with another comment may be there. Each project is reported as created, existing (there already or joined: the platform answers both alike), updated, or not as asked (the expiry of an existing key cannot be changed, a title may be kept), and the exit code is then 1. With several projects the key is added to each, several at a time, and every project gets a result line; the exit code is non-zero when any failed. Without -p: POST /deploy_keys, a public key of the instance (administrator). The key text is checked locally first."
  static examples = [
    '<%= config.bin %> deploy-keys add --title "CI deploy" --key-file ~/.ssh/ci.pub -p my-group/my-project --can-push',
    '<%= config.bin %> deploy-keys add --title "Backup reader" --key-file backup.pub -p group/app-1,group/app-2 -p group/app-3',
    '<%= config.bin %> deploy-keys add --title "Fleet key" --key "ssh-ed25519 AAAAC3Nza... fleet" --expires-at 2026-12-31T23:59:00Z',
  ]
  static flags = {
    ...flagsOf(NEW_PROJECT_DEPLOY_KEY),
    ...projectListFlag,
    concurrency: Flags.integer({description: 'projects handled at once with several -p', default: DEFAULT_BULK_CONCURRENCY, min: 1, max: 32}),
    ...shardFlag('projects of -p', 'project'),
    ...resumeFlag('project'),
  }

  async run(): Promise<void> {
    const projects = targets(this.flags.project)
    const {can_push: canPush, ...key} = await this.read(NEW_PROJECT_DEPLOY_KEY)
    if (projects.length === 0) {
      // an instance key has no push access of its own: that is set per project
      if (canPush !== undefined) throw new UsageError('--can-push applies to project keys (-p) only')
      return this.print(await createInstanceDeployKey(this.api, key))
    }
    if (this.shared['dry-run']) this.note(DRY_RUN_NOTE)
    const run = new KeyPlacementRun()
    const place = (project: string) => placeDeployKey(this.api, project, {...key, can_push: canPush}, run)
    // a shard is a share of a list: reported as one, even when it holds one project or none
    if (projects.length === 1 && this.flags.shard === undefined && !this.flags.resume) {
      const placed = await place(projects[0]!)
      this.note(placementNote(projects[0]!, placed))
      await this.print(placed.key)
      if (placed.notAsAsked) throw new CliError(`deploy key ${placed.key.id} in project ${projects[0]}: ${placed.notAsAsked}`)
      return
    }
    await fanOut(this.commandContext, {
      items: projects,
      name: p => `project ${p}`,
      key: targetIdentity,
      work: async p => {
        const placed = await place(p)
        const {status, error} = placementStatus(placed)
        return new Reported(status, placed.key, error)
      },
    })
  }
}

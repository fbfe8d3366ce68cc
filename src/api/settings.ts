// The settings of a project or a group: the fields of their own record that the edit endpoints take
// (PUT /projects/:id, lib/api/projects.rb with lib/api/helpers/projects_helpers.rb; PUT /groups/:id,
// lib/api/groups.rb with lib/api/helpers/groups_helpers.rb), read back from GET /projects/:id and
// /groups/:id (lib/api/entities/project.rb, group.rb). A named subset: the fields a fleet keeps alike
// and that the read returns as they were written. Left out: name and path (a rename moves every URL),
// default_branch (a branch must exist), avatar (a file), and fields that the read does not return as
// sent (emails_disabled/enabled, deprecated *_enabled aliases, container_expiration_policy_attributes).
import type {ApiId} from '../core/base/exact-number.js'
import type {ApiClient} from '../core/http/request.js'
import {boolean, choice, custom, declare, integer, RuleBroken, text, type Values} from '../core/input/input.js'
import {type Scope, scopePath} from '../core/input/scope.js'

const VISIBILITY = ['private', 'internal', 'public'] as const
/** a project feature's access level (ProjectFeature): who may use it */
const FEATURE = ['disabled', 'private', 'enabled'] as const

/** the fields both endpoints take, under one flag each in `settings update` */
const SHARED = {
  description: text({description: 'the description', empty: 'clears'}),
  visibility: choice(VISIBILITY, {
    description: 'private, internal or public: a project needs the Owner role and stays within its group; a group stays within its parent and above its projects and subgroups',
  }),
  lfs_enabled: boolean({description: 'Git LFS (a group: for its projects)'}),
  request_access_enabled: boolean({description: 'let users request access'}),
}

const SECONDS = {s: 1, m: 60, h: 3600, d: 86_400} as const
/** app/models/project.rb: from 10 minutes, below one month (MAX_BUILD_TIMEOUT, 2629746 s) */
const MIN_JOB_TIMEOUT = 600
const MAX_JOB_TIMEOUT = 2_629_745

/** a job timeout, as forgectl's other durations are written (90m, 2h) and in days too: whole seconds on the wire */
const jobTimeout = custom<number>({
  description: 'how long a job may run: seconds, or with a unit (90m, 2h, 3d); from 10m to below a month',
  helpValue: 'DURATION',
  hint: 'seconds, or with a unit: 90m, 2h, 3d; from 10m to below a month',
  parse: value => {
    const match = /^\s*(\d+)\s*([smhd])?\s*$/i.exec(value)
    const seconds = match ? Number(match[1]) * SECONDS[(match[2] ?? 's').toLowerCase() as keyof typeof SECONDS] : Number.NaN
    if (!(seconds >= MIN_JOB_TIMEOUT && seconds <= MAX_JOB_TIMEOUT)) throw new RuleBroken('must be a duration from 10m to below a month (whole seconds, or with a unit: 90m, 2h, 3d)')
    return seconds
  },
})

const feature = (what: string) => choice(FEATURE, {description: `who may use ${what}: disabled, private (members only) or enabled`})

/** PUT /projects/:id: the settings forgectl manages (Maintainer role; visibility needs Owner) */
export const PROJECT_SETTINGS = declare({
  description: SHARED.description,
  visibility: SHARED.visibility,
  merge_method: choice(['merge', 'rebase_merge', 'ff'] as const, {description: 'how merge requests merge: merge, rebase_merge or ff'}),
  squash_option: choice(['never', 'always', 'default_on', 'default_off'] as const, {description: 'squash commits when merging: never, always, default_on or default_off'}),
  only_allow_merge_if_pipeline_succeeds: boolean({description: 'merge only when the pipeline succeeded'}),
  allow_merge_on_skipped_pipeline: boolean({description: 'a skipped pipeline counts as succeeded'}),
  only_allow_merge_if_all_discussions_are_resolved: boolean({description: 'merge only when every thread is resolved'}),
  remove_source_branch_after_merge: boolean({description: 'delete the source branch after a merge, by default'}),
  resolve_outdated_diff_discussions: boolean({description: 'resolve threads on lines a push changes'}),
  printing_merge_request_link_enabled: boolean({description: 'print the merge request link on push'}),
  autoclose_referenced_issues: boolean({description: 'close the issues a merge request references on merge'}),
  request_access_enabled: SHARED.request_access_enabled,
  lfs_enabled: SHARED.lfs_enabled,
  shared_runners_enabled: boolean({description: 'instance runners for this project'}),
  ci_config_path: text({description: 'the CI/CD configuration file (default .gitlab-ci.yml)', empty: 'clears'}),
  build_timeout: jobTimeout,
  suggestion_commit_message: text({description: 'commit message of applied suggestions', empty: 'clears'}),
  issues_access_level: feature('issues'),
  repository_access_level: feature('the repository'),
  merge_requests_access_level: feature('merge requests'),
  forking_access_level: feature('forking'),
  wiki_access_level: feature('the wiki'),
  builds_access_level: feature('CI/CD'),
  snippets_access_level: feature('snippets'),
  container_registry_access_level: feature('the container registry'),
  pages_access_level: choice([...FEATURE, 'public'] as const, {description: 'who may see Pages: disabled, private, enabled or public'}),
})
export type ProjectSettings = Values<typeof PROJECT_SETTINGS>

/** PUT /groups/:id: the settings forgectl manages (Owner role) */
export const GROUP_SETTINGS = declare({
  description: SHARED.description,
  visibility: SHARED.visibility,
  share_with_group_lock: boolean({description: 'forbid sharing its projects with other groups'}),
  require_two_factor_authentication: boolean({description: 'require two-factor authentication of members'}),
  two_factor_grace_period: integer({description: 'hours before two-factor authentication is enforced', min: 0}),
  // Gitlab::Access.project_creation_string_values, subgroup_creation_string_values (lib/gitlab/access.rb)
  project_creation_level: choice(['noone', 'owner', 'maintainer', 'developer', 'administrator'] as const, {
    description: 'who may create projects: noone, owner, maintainer, developer or administrator',
  }),
  subgroup_creation_level: choice(['owner', 'maintainer'] as const, {description: 'who may create subgroups: owner or maintainer'}),
  mentions_disabled: boolean({description: 'the group cannot be mentioned'}),
  lfs_enabled: SHARED.lfs_enabled,
  request_access_enabled: SHARED.request_access_enabled,
})
export type GroupSettings = Values<typeof GROUP_SETTINGS>

/** the settings a scope of this kind has */
export const settingsInputs = (kind: Scope['kind']) => (kind === 'projects' ? PROJECT_SETTINGS : GROUP_SETTINGS)

/** the field names of a kind's settings */
export const settingsFields = (kind: Scope['kind']): string[] => Object.keys(settingsInputs(kind))

/** the project or group record, as far as settings go */
export interface SettingsRecord {
  id: ApiId
  [field: string]: unknown
}

/** GET /groups/:id lists the group's projects unless told not to (with_projects, lib/api/groups.rb) */
const READ_QUERY = {groups: {with_projects: false}, projects: {}} as const

export function getSettingsRecord(api: ApiClient, scope: Scope): Promise<SettingsRecord> {
  return api.get<SettingsRecord>(scopePath(scope), READ_QUERY[scope.kind])
}

export function updateSettings(api: ApiClient, scope: Scope, changes: Readonly<Record<string, unknown>>): Promise<SettingsRecord> {
  return api.put<SettingsRecord>(scopePath(scope), {...changes})
}

/** the record's identity and its settings, in the order of the declaration: what `settings get` shows */
export function settingsOf(kind: Scope['kind'], record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const path = kind === 'projects' ? 'path_with_namespace' : 'full_path'
  return Object.fromEntries(['id', path, ...settingsFields(kind)].filter(field => field in record).map(field => [field, record[field]]))
}

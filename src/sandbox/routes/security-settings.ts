// Project security settings, as ee/lib/api/project_security_settings.rb serves them (issue 34): read by
// Developers, changed by Maintainers (ee/app/policies/ee/project_policy.rb), and a member below that is
// told 401, not 403 (the endpoint says `unauthorized!`); a private project is 404 to non-members. One
// record per project, created with the platform's defaults the first time it is asked for.
import {badRequest, ok, unauthorized} from '../http.js'
import {type Ctx, optionalBoolean, type Router} from '../router.js'
import {ROLE, type SandboxProject, type Store} from '../store.js'

/** the spec's booleans, and whether a new project has each one on */
const DEFAULTS = {
  auto_fix_container_scanning: true,
  auto_fix_dast: true,
  auto_fix_dependency_scanning: true,
  auto_fix_sast: true,
  continuous_vulnerability_scans_enabled: false,
  container_scanning_for_registry_enabled: false,
  secret_push_protection_enabled: false,
}

type SettingsRecord = {project_id: number; created_at: string; updated_at: string} & typeof DEFAULTS

export default function register(r: Router, store: Store): void {
  const settings = store.slice('security-settings', () => new Map<number, SettingsRecord>())

  const settingsOf = (project: SandboxProject): SettingsRecord => {
    let record = settings.get(project.id)
    if (!record) {
      // acme/platform/api starts with the protection on, so that both directions can be seen
      record = {project_id: project.id, created_at: project.created_at, updated_at: project.created_at, ...DEFAULTS, secret_push_protection_enabled: project.id === 20}
      settings.set(project.id, record)
    }
    return record
  }

  /** the project (404 when hidden), then 401 below the role the ability needs */
  const projectOf = (ctx: Ctx, role: 'developer' | 'maintainer'): SandboxProject => {
    store.requireUser(ctx.user)
    const project = store.projectFor(ctx.params.id!, ctx.user, 0)
    if (store.projectRole(project, ctx.user) < ROLE[role]) throw unauthorized()
    return project
  }

  r.get('/projects/:id/security_settings', ctx => ok(settingsOf(projectOf(ctx, 'developer'))))

  r.put('/projects/:id/security_settings', ctx => {
    store.requireUser(ctx.user)
    // either name (the older one, pre_receive_secret_detection_enabled, still accepted); the newer wins
    const enabled = optionalBoolean(ctx.input, 'secret_push_protection_enabled') ?? optionalBoolean(ctx.input, 'pre_receive_secret_detection_enabled')
    if (enabled === undefined) throw badRequest('secret_push_protection_enabled, pre_receive_secret_detection_enabled are missing, at least one parameter must be provided')
    const record = settingsOf(projectOf(ctx, 'maintainer'))
    record.secret_push_protection_enabled = enabled
    record.updated_at = store.now()
    return ok(record)
  })
}

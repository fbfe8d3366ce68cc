// Project security settings (document 1, "Project security settings"): read by Developers, changed by
// Maintainers; "Security settings of a private project return 404 to non-members". One record per
// project, created with the platform's defaults the first time it is asked for.
import {badRequest, ok} from '../http.js'
import {optionalBoolean, type Router} from '../router.js'
import type {SandboxProject, Store} from '../store.js'

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

  r.get('/projects/:id/security_settings', ctx => ok(settingsOf(store.projectFor(ctx.params.id!, ctx.user, 'developer'))))

  r.put('/projects/:id/security_settings', ctx => {
    const record = settingsOf(store.projectFor(ctx.params.id!, ctx.user, 'maintainer'))
    // "secret_push_protection_enabled (boolean, required ...)"
    const enabled = optionalBoolean(ctx.input, 'secret_push_protection_enabled')
    if (enabled === undefined) throw badRequest('secret_push_protection_enabled is missing')
    record.secret_push_protection_enabled = enabled
    record.updated_at = store.now()
    return ok(record)
  })
}

// Security settings of a project (document 1, "Project security settings"): /projects/:id/security_settings.
import {apiPath, type ApiClient} from '../core/request.js'

export interface SecuritySettings {
  project_id: number
  created_at: string
  updated_at: string
  auto_fix_container_scanning: boolean
  auto_fix_dast: boolean
  auto_fix_dependency_scanning: boolean
  auto_fix_sast: boolean
  continuous_vulnerability_scans_enabled: boolean
  container_scanning_for_registry_enabled: boolean
  /** renamed from pre_receive_secret_detection_enabled in 17.11 */
  secret_push_protection_enabled: boolean
}

export interface SecuritySettingsChanges {
  /** "required; true enables secret push protection" */
  secret_push_protection_enabled: boolean
}

/** the two-way switch of `update`: what a person picks when neither form was given */
export const PUSH_PROTECTION_CHOICES = ['enable', 'disable'] as const

const settingsPath = (project: string) => apiPath`/projects/${project}/security_settings`

export function getSecuritySettings(api: ApiClient, project: string): Promise<SecuritySettings> {
  return api.get<SecuritySettings>(settingsPath(project))
}

export function updateSecuritySettings(api: ApiClient, project: string, changes: SecuritySettingsChanges): Promise<SecuritySettings> {
  return api.put<SecuritySettings>(settingsPath(project), {...changes})
}

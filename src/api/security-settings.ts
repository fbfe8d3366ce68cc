// Security settings of a project (document 1, "Project security settings"): /projects/:id/security_settings.

import type {ApiId} from '../core/base/exact-number.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, declare, type Values} from '../core/input/input.js'

export interface SecuritySettings {
  project_id: ApiId
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

/**
 * PUT: "secret_push_protection_enabled (boolean, required; true enables secret push protection)". The
 * core's boolean is never required (a flag left out means "no change"); here the API needs a value, so
 * leaving out both `--x` and `--no-x` is a missing input, asked for as a choice of true or false.
 */
export const SECURITY_SETTINGS_CHANGES = declare({
  secret_push_protection_enabled: {
    ...boolean({description: 'reject pushes that contain secrets: true, or false with --no-secret-push-protection-enabled'}),
    required: true as const,
    options: ['true', 'false'],
  },
})
export type SecuritySettingsChanges = Values<typeof SECURITY_SETTINGS_CHANGES>

const settingsPath = (project: string) => apiPath`/projects/${project}/security_settings`

export function getSecuritySettings(api: ApiClient, project: string): Promise<SecuritySettings> {
  return api.get<SecuritySettings>(settingsPath(project))
}

export function updateSecuritySettings(api: ApiClient, project: string, changes: SecuritySettingsChanges): Promise<SecuritySettings> {
  return api.put<SecuritySettings>(settingsPath(project), {...changes})
}

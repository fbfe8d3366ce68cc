// Virtual registry cleanup policy of a top-level group (document 2, "Virtual registry cleanup policy
// (top-level group only; one policy per group)"): /groups/:id/-/virtual_registries/cleanup/policy.
import * as Flags from '@oclif/core/flags'
import {rangeFlag} from '../core/flags.js'
import {apiPath, type ApiClient} from '../core/request.js'

/** "cadence one of 1, 7, 14, 30, 90" (days) */
export const CADENCES = [1, 7, 14, 30, 90] as const

export interface CleanupPolicy {
  group_id: number
  next_run_at: string | null
  last_run_at: string | null
  last_run_deleted_size: number
  last_run_deleted_entries_count: number
  /** 1 to 365 */
  keep_n_days_after_download: number
  /** value seen: scheduled */
  status: string
  /** 1, 7, 14, 30 or 90 days */
  cadence: number
  enabled: boolean
  failure_message: string | null
  /** keyed by package format; empty before any run */
  last_run_detailed_metrics: Record<string, {deleted_entries_count: number; deleted_size: number}>
  created_at: string
  updated_at: string
}

export interface CleanupPolicySettings {
  cadence?: number
  enabled?: boolean
  keep_n_days_after_download?: number
}

export const POLICY_SETTINGS = ['cadence', 'enabled', 'keep-n-days-after-download'] as const

/** the three settings, with the spec's limits checked before sending */
export const policyFlags = {
  cadence: Flags.string({description: 'days between runs', options: CADENCES.map(String)}),
  enabled: Flags.boolean({description: 'run the policy (or, with --no-enabled, pause it)', allowNo: true}),
  'keep-n-days-after-download': rangeFlag(1, 365)({description: 'keep cache entries downloaded within this many days (1-365)'}),
}

/** flags → API input: cadence goes as the integer the API takes */
export function policySettings(flags: {cadence?: string; enabled?: boolean; 'keep-n-days-after-download'?: number}): CleanupPolicySettings {
  return {
    cadence: flags.cadence === undefined ? undefined : Number(flags.cadence),
    enabled: flags.enabled,
    keep_n_days_after_download: flags['keep-n-days-after-download'],
  }
}

const policyPath = (group: string) => apiPath`/groups/${group}/-/virtual_registries/cleanup/policy`

export function getPolicy(api: ApiClient, group: string): Promise<CleanupPolicy> {
  return api.get<CleanupPolicy>(policyPath(group))
}

export function createPolicy(api: ApiClient, group: string, settings: CleanupPolicySettings): Promise<CleanupPolicy> {
  return api.post<CleanupPolicy>(policyPath(group), {...settings})
}

/** "same fields; at least one required" */
export function updatePolicy(api: ApiClient, group: string, changes: CleanupPolicySettings): Promise<CleanupPolicy> {
  return api.patch<CleanupPolicy>(policyPath(group), {...changes})
}

export function deletePolicy(api: ApiClient, group: string): Promise<void> {
  return api.delete(policyPath(group))
}

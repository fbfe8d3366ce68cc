// Virtual registry cleanup policy of a top-level group (document 2, "Virtual registry cleanup policy
// (top-level group only; one policy per group)"): /groups/:id/-/virtual_registries/cleanup/policy. The
// platform (ee/lib/api/virtual_registries/cleanup/policies.rb) lets the group's Owner alone read or change it.

import type {ApiId} from '../core/base/exact-number.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, custom, declare, integer, RuleBroken, type Values} from '../core/input/input.js'

/** "cadence one of 1, 7, 14, 30, 90" (days) */
export const CADENCES = [1, 7, 14, 30, 90] as const

export interface CleanupPolicy {
  group_id: ApiId
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
  /** whether the group's owners are mailed after a run that succeeded, or failed */
  notify_on_success: boolean
  notify_on_failure: boolean
  created_at: string
  updated_at: string
}

/** "cadence (1, 7, 14, 30 or 90)": days, sent as the integer the API takes */
const cadence = custom<number>({
  description: 'days between runs',
  options: CADENCES.map(String),
  helpValue: CADENCES.join('|'),
  hint: `one of ${CADENCES.join(', ')} (days)`,
  parse: value => {
    const days = CADENCES.find(c => String(c) === value)
    if (days === undefined) throw new RuleBroken(`must be one of ${CADENCES.join(', ')} (days)`)
    return days
  },
})

/** POST: the five settings, none required; PATCH: the same, at least one (policies.rb) */
export const POLICY_SETTINGS = declare({
  cadence,
  enabled: boolean({description: 'run the policy (or, with --no-enabled, pause it)'}),
  keep_n_days_after_download: integer({min: 1, max: 365, description: 'keep cache entries downloaded within this many days (1-365)'}),
  notify_on_success: boolean({description: "mail the group's owners after a run that succeeded (--no-notify-on-success: do not)"}),
  notify_on_failure: boolean({description: "mail the group's owners after a run that failed (--no-notify-on-failure: do not)"}),
})
export type CleanupPolicySettings = Values<typeof POLICY_SETTINGS>

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

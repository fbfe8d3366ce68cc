// Virtual registry cleanup policy (document 2, "Virtual registry cleanup policy (top-level group only; one
// policy per group)").
//
// Roles are not in the spec ("other role requirements: role names used are Developer, Maintainer, Owner"):
// the platform lets group members read the policy and group owners change it.
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {type Ctx, optionalBoolean, optionalInteger, type Router} from '../router.js'
import {type SandboxGroup, SEED_TIME, type Store} from '../store.js'

export const CADENCES = [1, 7, 14, 30, 90] as const
const DAY = 86_400_000

interface PolicyRecord {
  group_id: number
  next_run_at: string | null
  last_run_at: string | null
  last_run_deleted_size: number
  last_run_deleted_entries_count: number
  keep_n_days_after_download: number
  status: 'scheduled' | 'running' | 'failed'
  cadence: number
  enabled: boolean
  failure_message: string | null
  last_run_detailed_metrics: Record<string, {deleted_entries_count: number; deleted_size: number}>
  created_at: string
  updated_at: string
}

export default function register(r: Router, store: Store): void {
  const policies = store.slice('registry-cleanup', () => seedPolicies())
  const path = '/groups/:id/-/virtual_registries/cleanup/policy'

  const groupOf = (ctx: Ctx, role: 'guest' | 'owner'): SandboxGroup => {
    const group = store.groupFor(ctx.params.id!, ctx.user, role)
    // "top-level group only"
    if (group.parent_id !== null) throw invalid(400, 'Group must be a top-level group')
    return group
  }
  const find = (group: SandboxGroup): PolicyRecord => {
    const policy = policies.get(group.id)
    if (!policy) throw notFound('Virtual Registries Cleanup Policy')
    return policy
  }

  /** reads the three settings; the spec's limits: "cadence one of 1, 7, 14, 30, 90", "keep_n_days_after_download between 1 and 365" */
  const readSettings = (ctx: Ctx) => {
    const cadence = optionalInteger(ctx.input, 'cadence')
    if (cadence !== undefined && !(CADENCES as readonly number[]).includes(cadence)) throw badRequest('cadence does not have a valid value')
    const keep = optionalInteger(ctx.input, 'keep_n_days_after_download')
    if (keep !== undefined && (keep < 1 || keep > 365)) throw badRequest('keep_n_days_after_download does not have a valid value')
    return {cadence, keep_n_days_after_download: keep, enabled: optionalBoolean(ctx.input, 'enabled')}
  }
  const apply = (policy: PolicyRecord, s: ReturnType<typeof readSettings>) => {
    if (s.cadence !== undefined) policy.cadence = s.cadence
    if (s.keep_n_days_after_download !== undefined) policy.keep_n_days_after_download = s.keep_n_days_after_download
    if (s.enabled !== undefined) policy.enabled = s.enabled
    // the next run follows the cadence from the last run (or from now), and only an enabled policy has one
    const from = Date.parse(policy.last_run_at ?? store.now())
    policy.next_run_at = policy.enabled ? new Date(Math.max(from + policy.cadence * DAY, Date.now())).toISOString() : null
    policy.updated_at = store.now()
  }

  r.get(path, ctx => ok({...find(groupOf(ctx, 'guest'))}))

  r.post(path, ctx => {
    const group = groupOf(ctx, 'owner')
    const settings = readSettings(ctx)
    // "one policy per group"
    if (policies.has(group.id)) throw invalid(409, 'Cleanup policy already exists for this group')
    const now = store.now()
    const policy: PolicyRecord = {
      group_id: group.id,
      next_run_at: null,
      last_run_at: null,
      last_run_deleted_size: 0,
      last_run_deleted_entries_count: 0,
      keep_n_days_after_download: 30,
      status: 'scheduled',
      cadence: 7,
      enabled: true,
      failure_message: null,
      last_run_detailed_metrics: {},
      created_at: now,
      updated_at: now,
    }
    apply(policy, settings)
    policies.set(group.id, policy)
    return created({...policy})
  })

  r.patch(path, ctx => {
    const group = groupOf(ctx, 'owner')
    const policy = find(group)
    const settings = readSettings(ctx)
    // "PATCH same path | same fields; at least one required"
    if (Object.values(settings).every(v => v === undefined)) {
      throw badRequest('cadence, enabled, keep_n_days_after_download are missing, at least one parameter must be provided')
    }
    apply(policy, settings)
    return ok({...policy})
  })

  r.delete(path, ctx => {
    const group = groupOf(ctx, 'owner')
    find(group)
    policies.delete(group.id)
    return noContent()
  })
}

function seedPolicies(): Map<number, PolicyRecord> {
  const at = (days: number) => new Date(Date.parse(SEED_TIME) + days * DAY).toISOString()
  // opensource (12) has a policy that has already run once; acme (10) has none yet.
  return new Map([
    [
      12,
      {
        group_id: 12,
        next_run_at: at(7),
        last_run_at: at(0),
        last_run_deleted_size: 1_048_576,
        last_run_deleted_entries_count: 25,
        keep_n_days_after_download: 30,
        status: 'scheduled' as const,
        cadence: 7,
        enabled: true,
        failure_message: null,
        last_run_detailed_metrics: {maven: {deleted_entries_count: 25, deleted_size: 1_048_576}},
        created_at: at(-30),
        updated_at: at(0),
      },
    ],
  ])
}

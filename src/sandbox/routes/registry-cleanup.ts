// Virtual registry cleanup policy, as ee/lib/api/virtual_registries/cleanup/policies.rb serves it (issue 34):
// every route, reading included, needs admin_virtual_registry, which the group's Owner has; the model
// (ee/app/models/virtual_registries/cleanup/policy.rb) refuses a second policy and one on a subgroup as
// validation errors (400), and a group without a policy is the generic "404 Not found".
import {badRequest, created, HttpError, invalid, noContent, ok} from '../http.js'
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
  notify_on_success: boolean
  notify_on_failure: boolean
  failure_message: string | null
  last_run_detailed_metrics: Record<string, {deleted_entries_count: number; deleted_size: number}>
  created_at: string
  updated_at: string
}

export default function register(r: Router, store: Store): void {
  const policies = store.slice('registry-cleanup', () => seedPolicies())
  const path = '/groups/:id/-/virtual_registries/cleanup/policy'

  /** find_group! (404 when hidden), then admin_virtual_registry: the Owner, for every route */
  const groupOf = (ctx: Ctx): SandboxGroup => store.groupFor(ctx.params.id!, ctx.user, 'owner')
  const find = (group: SandboxGroup): PolicyRecord => {
    const policy = policies.get(group.id)
    // find_by_group_id! raises RecordNotFound: the API's generic words
    if (!policy) throw new HttpError(404, {message: '404 Not found'})
    return policy
  }

  /** reads the settings; the declared values: cadence one of 1, 7, 14, 30, 90; keep_n_days_after_download 1 to 365 */
  const readSettings = (ctx: Ctx) => {
    const cadence = optionalInteger(ctx.input, 'cadence')
    if (cadence !== undefined && !(CADENCES as readonly number[]).includes(cadence)) throw badRequest('cadence does not have a valid value')
    const keep = optionalInteger(ctx.input, 'keep_n_days_after_download')
    if (keep !== undefined && (keep < 1 || keep > 365)) throw badRequest('keep_n_days_after_download does not have a valid value')
    return {
      enabled: optionalBoolean(ctx.input, 'enabled'),
      keep_n_days_after_download: keep,
      cadence,
      notify_on_success: optionalBoolean(ctx.input, 'notify_on_success'),
      notify_on_failure: optionalBoolean(ctx.input, 'notify_on_failure'),
    }
  }
  const apply = (policy: PolicyRecord, s: ReturnType<typeof readSettings>) => {
    if (s.cadence !== undefined) policy.cadence = s.cadence
    if (s.keep_n_days_after_download !== undefined) policy.keep_n_days_after_download = s.keep_n_days_after_download
    if (s.enabled !== undefined) policy.enabled = s.enabled
    if (s.notify_on_success !== undefined) policy.notify_on_success = s.notify_on_success
    if (s.notify_on_failure !== undefined) policy.notify_on_failure = s.notify_on_failure
    // the next run follows the cadence from the last run (or from now), and only an enabled policy has one
    const from = Date.parse(policy.last_run_at ?? store.now())
    policy.next_run_at = policy.enabled ? new Date(Math.max(from + policy.cadence * DAY, Date.now())).toISOString() : null
    policy.updated_at = store.now()
  }

  /** the entity's fields, in its order (ee/lib/api/entities/virtual_registries/cleanup/policy.rb) */
  const render = (p: PolicyRecord) => {
    const {notify_on_success, notify_on_failure, created_at, updated_at, ...rest} = p
    return {...rest, notify_on_success, notify_on_failure, created_at, updated_at}
  }

  // parameters are checked before the group and the role (Grape validates, then after_validation authorizes)
  r.get(path, ctx => ok(render(find(groupOf(ctx)))))

  r.post(path, ctx => {
    const settings = readSettings(ctx)
    const group = groupOf(ctx)
    // the model: `group` is top level and unique among policies
    if (group.parent_id !== null) throw invalid(400, {group: ['must be a top level Group']})
    if (policies.has(group.id)) throw invalid(400, {group: ['has already been taken']})
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
      notify_on_success: false,
      notify_on_failure: false,
      failure_message: null,
      last_run_detailed_metrics: {},
      created_at: now,
      updated_at: now,
    }
    apply(policy, settings)
    policies.set(group.id, policy)
    return created(render(policy))
  })

  r.patch(path, ctx => {
    const settings = readSettings(ctx)
    if (Object.values(settings).every(v => v === undefined)) {
      throw badRequest('enabled, keep_n_days_after_download, cadence, notify_on_success, notify_on_failure are missing, at least one parameter must be provided')
    }
    const policy = find(groupOf(ctx))
    apply(policy, settings)
    return ok(render(policy))
  })

  r.delete(path, ctx => {
    const group = groupOf(ctx)
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
        notify_on_success: false,
        notify_on_failure: true,
        failure_message: null,
        last_run_detailed_metrics: {maven: {deleted_entries_count: 25, deleted_size: 1_048_576}},
        created_at: at(-30),
        updated_at: at(0),
      },
    ],
  ])
}

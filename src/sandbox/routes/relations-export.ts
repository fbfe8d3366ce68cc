// Project relations export, as the platform serves it: /projects/:id/export_relations in
// lib/api/project_export.rb (Maintainer role at least, `authorize_admin_project`: 403 below it, 404 for a
// private project to a non-member), the jobs of app/workers/bulk_imports/relation_export_worker.rb,
// app/services/bulk_imports/relation_export_service.rb and batched_relation_export_service.rb, the record
// of app/models/bulk_imports/export.rb (status 0 started, 1 finished, -1 failed; one per user and
// relation: a user sees only the exports they started), the answer of lib/api/entities/bulk_imports/export_status.rb.
//
// A POST only schedules a job per relation (202); the entries change when a job picks its relation up.
// Walked lazily from the time of the start against d, the smaller of `store.options.jobDelayMs` when the
// export started and now (read at each request, so a test can make a running export end at once, and a
// longer job length set later leaves the exports before it as they were; the time is `store.nowMs()`,
// which a test can pin),
// for the i-th of n relations:
//   until pickup = min(d·(0.05 + 0.02·i), 100 ms + 10 ms·i): the entry of the previous export, as it was
//     (none before the first export), and its file
//   from pickup: status 0 (started), the previous file removed, total_objects_count 0, updated_at = pickup
//   at finish = d·(0.4 + 0.6·(i+1)/n): status 1 (finished) with its file, or -1 (failed) with `error`
// The jobs are deduplicated until executed (the worker's `deduplicate :until_executed`): a start while a
// relation's job of an earlier start is still queued or running leaves that relation to the earlier job.
//
// Batched exports (`batched=true`): every relation with objects is exported in batches of BATCH_SIZE
// (`batched: true`, `batches_count`, `total_objects_count` from the start, `batches`), each batch
// finishing on its own between pickup and the relation's finish, with its objects_count 0 until then.
// `updated_at` is the time of the latest move (pickup, a batch finishing, the relation finishing).
//
// Failures for tests: turning on the feature `relations_export_fail_<relation>` (in `store.options.features`,
// e.g. through POST /__sandbox/features {"name": "relations_export_fail_issues", "enabled": true}) makes
// that relation fail in exports started afterwards (its last batch too, when batched).
//
// Downloads are real gzip of NDJSON, one plausible record of the relation per line (a batch: only that
// batch's objects; `objects_count` matches the lines), streamed, named by Content-Disposition
// `<relation>.ndjson.gz`, a batch's file too (each batch's upload is the relation's file name). Seed:
// acme/website (21) has an export by its Maintainer (dave) that finished long ago.
import {Readable} from 'node:stream'
import {createGzip} from 'node:zlib'
import {accepted, badRequest, HttpError, ok, type Reply} from '../http.js'
import {type Ctx, optionalBoolean, optionalInteger, optionalString, type Router, requireString} from '../router.js'
import {type SandboxProject, SEED_TIME, type Store} from '../store.js'

export const BATCH_SIZE = 5
export const FAIL_FEATURE_PREFIX = 'relations_export_fail_'

type Status = 0 | 1 | -1
type Row = Record<string, unknown>

/** the project's top-level relations with the platform's names, and how their exported records look */
const RELATIONS: ReadonlyArray<{name: string; count: number; record: (n: number, p: SandboxProject) => Row}> = [
  {name: 'labels', count: 4, record: n => ({id: 300 + n, title: ['bug', 'feature', 'docs', 'security'][n - 1], color: '#d9534f', description: null, type: 'ProjectLabel', created_at: SEED_TIME})},
  {name: 'milestones', count: 3, record: (n, p) => ({id: 400 + n, iid: n, project_id: p.id, title: `v1.${n}`, state: n === 3 ? 'active' : 'closed', due_date: `2026-0${n}-28`, created_at: SEED_TIME})},
  {
    name: 'issues',
    count: 12,
    record: (n, p) => ({
      id: 1000 + n,
      iid: n,
      project_id: p.id,
      title: `Issue ${n} of ${p.path}`,
      description: `Steps to reproduce ${n}`,
      state: n % 3 === 0 ? 'closed' : 'opened',
      author_id: 3,
      confidential: false,
      created_at: SEED_TIME,
      label_ids: [301],
    }),
  },
  {
    name: 'merge_requests',
    count: 8,
    record: (n, p) => ({
      id: 2000 + n,
      iid: n,
      project_id: p.id,
      title: `Change ${n}`,
      state: n % 2 === 0 ? 'merged' : 'opened',
      source_branch: `feature-${n}`,
      target_branch: p.default_branch,
      author_id: 3,
      created_at: SEED_TIME,
    }),
  },
  {
    name: 'ci_pipelines',
    count: 5,
    record: (n, p) => ({id: 3000 + n, iid: n, project_id: p.id, ref: p.default_branch, sha: n.toString(16).padStart(40, 'a'), status: 'success', source: 'push', created_at: SEED_TIME}),
  },
  {
    name: 'boards',
    count: 2,
    record: n => ({id: 500 + n, name: n === 1 ? 'Development' : 'Triage', hide_backlog_list: false, hide_closed_list: false, lists: [{list_type: 'label', label_id: 301, position: 0}]}),
  },
  {name: 'releases', count: 3, record: n => ({tag_name: `v1.${n}.0`, name: `Release 1.${n}`, description: `Notes for 1.${n}`, released_at: SEED_TIME, author_id: 2})},
  {
    name: 'protected_branches',
    count: 2,
    record: (n, p) => ({name: n === 1 ? p.default_branch : 'release/*', push_access_levels: [{access_level: 40}], merge_access_levels: [{access_level: 30}], allow_force_push: false}),
  },
  {name: 'snippets', count: 1, record: n => ({id: 600 + n, title: 'Deploy notes', file_name: 'deploy.md', visibility_level: 0, author_id: 5, created_at: SEED_TIME})},
]

interface ExportRun {
  /** ms since the epoch */
  startedAt: number
  /** the job length when it started */
  delayMs: number
  batched: boolean
  /** relations that fail in this run (the features set when it started) */
  failing: ReadonlySet<string>
  /** the relations this run exports: those whose earlier job had ended when it started (see `takes`) */
  takes: ReadonlySet<string>
}

interface BatchEntry {
  status: Status
  batch_number: number
  objects_count: number
  error: string | null
  updated_at: string
}

interface StatusEntry {
  relation: string
  status: Status
  error: string | null
  updated_at: string
  batched: boolean
  batches_count: number
  total_objects_count: number
  batches?: BatchEntry[]
}

const iso = (ms: number) => new Date(ms).toISOString()
const failure = (relation: string, what = relation) => `Export of ${what} failed: the export worker could not write ${relation}.ndjson to object storage`

/** one relation's entry in one run at time `now`; undefined before the job has picked the relation up */
function entryOf(run: ExportRun, index: number, delayMs: number, now: number): StatusEntry | undefined {
  const relation = RELATIONS[index]!
  const d = Math.min(run.delayMs, delayMs)
  const pickup = run.startedAt + Math.min(d * (0.05 + 0.02 * index), 100 + 10 * index)
  if (now < pickup) return undefined
  const finish = run.startedAt + d * (0.4 + (0.6 * (index + 1)) / RELATIONS.length)
  const fails = run.failing.has(relation.name)
  const done = now >= finish
  // batched_relation_export_service.rb: every relation with objects goes in batches, however few
  const batchCount = run.batched ? Math.ceil(relation.count / BATCH_SIZE) : 0
  const batches: BatchEntry[] = Array.from({length: batchCount}, (_, i) => {
    const number = i + 1
    const batchFinish = pickup + ((finish - pickup) * number) / batchCount
    const batchDone = now >= batchFinish
    const batchFails = fails && number === batchCount
    return {
      status: batchDone ? (batchFails ? -1 : 1) : 0,
      batch_number: number,
      // relation_batch_export_service.rb: 0 when the batch starts, the exported count when it finishes
      objects_count: batchDone && !batchFails ? Math.min(BATCH_SIZE, relation.count - i * BATCH_SIZE) : 0,
      error: batchDone && batchFails ? failure(relation.name, `${relation.name} batch ${number}`) : null,
      updated_at: iso(batchDone ? batchFinish : pickup),
    }
  })
  const moves = [pickup, ...batches.map(b => Date.parse(b.updated_at)), ...(done ? [finish] : [])]
  return {
    relation: relation.name,
    status: done ? (fails ? -1 : 1) : 0,
    error: done && fails ? failure(relation.name) : null,
    updated_at: iso(Math.max(...moves)),
    batched: run.batched,
    batches_count: batchCount,
    // a batched export counts its objects at the start; a whole one when it finishes
    total_objects_count: run.batched || (done && !fails) ? relation.count : 0,
    ...(batchCount > 0 ? {batches} : {}),
  }
}

/** what the status shows for one relation: the newest run exporting it that has picked it up */
function currentEntry(runs: readonly ExportRun[], index: number, d: number, now: number): StatusEntry | undefined {
  for (let k = runs.length - 1; k >= 0; k--) {
    if (!runs[k]!.takes.has(RELATIONS[index]!.name)) continue
    const entry = entryOf(runs[k]!, index, d, now)
    if (entry) return entry
  }
  return undefined
}

/**
 * The relations a start exports: a relation whose job of an earlier start is still queued (not picked up)
 * or running is deduplicated away and stays with that job. Decided when the start arrives, so that a
 * test changing the job length afterwards does not rewrite what happened.
 */
function takes(runs: readonly ExportRun[], d: number, now: number): Set<string> {
  const queuedOrRunning = (index: number) => {
    const latest = runs.findLast(run => run.takes.has(RELATIONS[index]!.name))
    if (!latest) return false
    const entry = entryOf(latest, index, d, now)
    return entry === undefined || entry.status === 0
  }
  return new Set(RELATIONS.filter((_, i) => !queuedOrRunning(i)).map(rel => rel.name))
}

/** the NDJSON records of a relation, or of one batch of it, gzipped as they stream out */
function ndjsonGzip(records: Row[]): Readable {
  return Readable.from(records.map(r => JSON.stringify(r) + '\n')).pipe(createGzip())
}

/** render_api_error! in lib/api/project_export.rb: the message as given, no status prefix */
const apiError = (status: 400 | 404, message: string) => new HttpError(status, {message})

export default function register(r: Router, store: Store): void {
  const state = store.slice('relations-export', () => seedExports())
  // one export record per user, project and relation (app/models/bulk_imports/export.rb's for_user)
  const key = (project: SandboxProject, ctx: Ctx) => `${project.id}:${ctx.user?.id ?? 0}`
  const runsOf = (project: SandboxProject, ctx: Ctx) => state.get(key(project, ctx)) ?? []
  const entries = (project: SandboxProject, ctx: Ctx) => {
    const now = store.nowMs()
    return RELATIONS.map((_, i) => currentEntry(runsOf(project, ctx), i, store.options.jobDelayMs, now)).filter((e): e is StatusEntry => e !== undefined)
  }
  const maintainerProject = (ctx: Ctx) => store.projectFor(ctx.params.id!, ctx.user, 'maintainer')

  r.post('/projects/:id/export_relations', ctx => {
    const project = maintainerProject(ctx)
    const now = store.nowMs()
    const run: ExportRun = {
      startedAt: now,
      delayMs: store.options.jobDelayMs,
      batched: optionalBoolean(ctx.input, 'batched') ?? false,
      failing: new Set(RELATIONS.map(rel => rel.name).filter(name => store.options.features.has(FAIL_FEATURE_PREFIX + name))),
      takes: takes(runsOf(project, ctx), store.options.jobDelayMs, now),
    }
    // an older run matters while a relation stays with it (its job still queued or running); fifty are plenty
    state.set(key(project, ctx), [...runsOf(project, ctx).slice(-49), run])
    return accepted({message: '202 Accepted'})
  })

  r.get('/projects/:id/export_relations/status', ctx => {
    const project = maintainerProject(ctx)
    const relation = optionalString(ctx.input, 'relation')
    if (relation === undefined) return ok(entries(project, ctx))
    // with a relation: that one record, not a list, or a 404 when the user has none for it
    const entry = entries(project, ctx).find(e => e.relation === relation)
    if (!entry) throw apiError(404, 'Export not found')
    return ok(entry)
  })

  r.get('/projects/:id/export_relations/download', (ctx): Reply => {
    const project = maintainerProject(ctx)
    const relation = requireString(ctx.input, 'relation')
    // the `project_portable` validator: a name the project's export does not have
    const spec = RELATIONS.find(rel => rel.name === relation)
    if (!spec) throw badRequest('relation is not portable')
    const batched = optionalBoolean(ctx.input, 'batched')
    const batchNumber = optionalInteger(ctx.input, 'batch_number')
    if ((batched === undefined) !== (batchNumber === undefined)) throw badRequest('batched, batch_number provide all or none of parameters')
    const entry = entries(project, ctx).find(e => e.relation === relation)
    if (!entry) throw apiError(404, 'Export not found')
    let records = Array.from({length: spec.count}, (_, i) => spec.record(i + 1, project))
    if (batched) {
      if (!entry.batched) throw apiError(400, 'Export is not batched')
      const batch = entry.batches?.find(b => b.batch_number === batchNumber)
      if (!batch) throw apiError(404, 'Batch not found')
      if (batch.status !== 1) throw apiError(404, 'Batch file not found')
      records = records.slice((batchNumber! - 1) * BATCH_SIZE, batchNumber! * BATCH_SIZE)
    } else {
      if (entry.batched) throw apiError(400, 'Export is batched')
      // the job removes the previous file when it picks the relation up; a failed one leaves none
      if (entry.status !== 1) throw apiError(404, 'Export file not found')
    }
    return {
      status: 200,
      raw: ndjsonGzip(records),
      contentType: 'application/gzip',
      headers: {'Content-Disposition': `attachment; filename="${relation}.ndjson.gz"`},
    }
  })
}

function seedExports(): Map<string, ExportRun[]> {
  // acme/website (21) was exported by dave (5), its Maintainer, two hours before the seed time: all finished, none batched
  const all = new Set(RELATIONS.map(rel => rel.name))
  return new Map<string, ExportRun[]>([['21:5', [{startedAt: Date.parse(SEED_TIME) - 7_200_000, delayMs: 0, batched: false, failing: new Set<string>(), takes: all}]]])
}

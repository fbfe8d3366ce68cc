// Project relations export (document 2, "Project relations export"): /projects/:id/export_relations.
// Maintainer role at least, as the platform requires for exports (403 below it; 404 for a private
// project to a non-member).
//
// "Relations export status moves: Transitions: not shown." The sandbox follows the platform: a POST only
// schedules the export (202), and the entries change when the background job picks each relation up.
// Walked lazily from the time of the start against `store.options.jobDelayMs` (d, read at each request,
// so a test can make a running export end at once), for the i-th of n relations:
//   until pickup = min(d·(0.05 + 0.02·i), 100 ms + 10 ms·i): the entry of the previous export, as it was
//     (none before the first export)
//   from pickup: status 0 (started), updated_at = pickup
//   at finish = d·(0.4 + 0.6·(i+1)/n): status 1 (finished), or -1 (failed) with `error`
// A new start while an export runs starts a new export, as the platform does.
//
// Batched exports (`batched=true`): relations with more objects than one batch (BATCH_SIZE) carry
// `batched: true`, `batches_count` and `batches`, each batch finishing on its own between pickup and the
// relation's finish; smaller relations stay `batched: false`, `batches_count: 0`, no `batches`.
// `updated_at` is the time of the latest move (pickup, a batch finishing, the relation finishing).
//
// Failures for tests: turning on the feature `relations_export_fail_<relation>` (in `store.options.features`,
// e.g. through POST /__sandbox/features {"name": "relations_export_fail_issues", "enabled": true}) makes
// that relation fail in exports started afterwards (its last batch too, when batched).
//
// Downloads are real gzip of NDJSON, one plausible record of the relation per line (a batch: only that
// batch's objects; `objects_count` matches the lines), streamed, named by Content-Disposition
// `<relation>.ndjson.gz`, batches `<relation>_<batch_number>.ndjson.gz`. Seed: acme/website (21) has an
// export that finished long ago.
import {Readable} from 'node:stream'
import {createGzip} from 'node:zlib'
import {accepted, badRequest, notFound, ok, type Reply} from '../http.js'
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
  batched: boolean
  /** relations that fail in this run (the features set when it started) */
  failing: ReadonlySet<string>
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
  batches?: BatchEntry[]
}

const iso = (ms: number) => new Date(ms).toISOString()
const failure = (relation: string, what = relation) => `Export of ${what} failed: the export worker could not write ${relation}.ndjson to object storage`

/** one relation's entry in one run at time `now`; undefined before the job has picked the relation up */
function entryOf(run: ExportRun, index: number, d: number, now: number): StatusEntry | undefined {
  const relation = RELATIONS[index]!
  const pickup = run.startedAt + Math.min(d * (0.05 + 0.02 * index), 100 + 10 * index)
  if (now < pickup) return undefined
  const finish = run.startedAt + d * (0.4 + (0.6 * (index + 1)) / RELATIONS.length)
  const fails = run.failing.has(relation.name)
  const done = now >= finish
  const batchCount = run.batched && relation.count > BATCH_SIZE ? Math.ceil(relation.count / BATCH_SIZE) : 0
  const batches: BatchEntry[] = Array.from({length: batchCount}, (_, i) => {
    const number = i + 1
    const batchFinish = pickup + ((finish - pickup) * number) / batchCount
    const batchDone = now >= batchFinish
    const batchFails = fails && number === batchCount
    return {
      status: batchDone ? (batchFails ? -1 : 1) : 0,
      batch_number: number,
      objects_count: Math.min(BATCH_SIZE, relation.count - i * BATCH_SIZE),
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
    batched: batchCount > 0,
    batches_count: batchCount,
    ...(batchCount > 0 ? {batches} : {}),
  }
}

/** what the status shows for one relation: the newest run that has picked it up */
function currentEntry(runs: readonly ExportRun[], index: number, d: number, now: number): StatusEntry | undefined {
  for (let k = runs.length - 1; k >= 0; k--) {
    const entry = entryOf(runs[k]!, index, d, now)
    if (entry) return entry
  }
  return undefined
}

/** the NDJSON records of a relation, or of one batch of it, gzipped as they stream out */
function ndjsonGzip(records: Row[]): Readable {
  return Readable.from(records.map(r => JSON.stringify(r) + '\n')).pipe(createGzip())
}

export default function register(r: Router, store: Store): void {
  const state = store.slice('relations-export', () => seedExports())
  const runsOf = (project: SandboxProject) => state.get(project.id) ?? []
  const entries = (project: SandboxProject) => {
    const now = store.nowMs()
    return RELATIONS.map((_, i) => currentEntry(runsOf(project), i, store.options.jobDelayMs, now)).filter((e): e is StatusEntry => e !== undefined)
  }
  const maintainerProject = (ctx: Ctx) => store.projectFor(ctx.params.id!, ctx.user, 'maintainer')

  r.post('/projects/:id/export_relations', ctx => {
    const project = maintainerProject(ctx)
    const run: ExportRun = {
      startedAt: store.nowMs(),
      batched: optionalBoolean(ctx.input, 'batched') ?? false,
      failing: new Set(RELATIONS.map(rel => rel.name).filter(name => store.options.features.has(FAIL_FEATURE_PREFIX + name))),
    }
    // older runs matter only until the new one has picked every relation up; two are plenty
    state.set(project.id, [...runsOf(project).slice(-2), run])
    return accepted({message: '202 Accepted'})
  })

  r.get('/projects/:id/export_relations/status', ctx => {
    const project = maintainerProject(ctx)
    const relation = optionalString(ctx.input, 'relation')
    return ok(entries(project).filter(e => relation === undefined || e.relation === relation))
  })

  r.get('/projects/:id/export_relations/download', (ctx): Reply => {
    const project = maintainerProject(ctx)
    const relation = requireString(ctx.input, 'relation')
    const entry = entries(project).find(e => e.relation === relation)
    const spec = RELATIONS.find(rel => rel.name === relation)
    if (!entry || !spec || entry.status !== 1) throw notFound('Export')
    let records = Array.from({length: spec.count}, (_, i) => spec.record(i + 1, project))
    let fileName = `${relation}.ndjson.gz`
    if (entry.batched) {
      const batchNumber = optionalInteger(ctx.input, 'batch_number')
      if (optionalBoolean(ctx.input, 'batched') !== true || batchNumber === undefined) {
        throw badRequest(`${relation} was exported in batches: batched=true and batch_number are required`)
      }
      const batch = entry.batches?.find(b => b.batch_number === batchNumber)
      if (batch?.status !== 1) throw notFound('Export Batch')
      records = records.slice((batchNumber - 1) * BATCH_SIZE, batchNumber * BATCH_SIZE)
      fileName = `${relation}_${batchNumber}.ndjson.gz`
    }
    return {
      status: 200,
      raw: ndjsonGzip(records),
      contentType: 'application/gzip',
      headers: {'Content-Disposition': `attachment; filename="${fileName}"`},
    }
  })
}

function seedExports(): Map<number, ExportRun[]> {
  // acme/website (21) was exported two hours before the seed time, all finished, none batched
  return new Map<number, ExportRun[]>([[21, [{startedAt: Date.parse(SEED_TIME) - 7_200_000, batched: false, failing: new Set<string>()}]]])
}

// Project relations export (document 2, "Project relations export"): /projects/:id/export_relations.
// "Each top-level relation (for example milestones, boards, labels) is a separate file; downloads are
// named like `<relation>.ndjson.gz`."
import {stat} from 'node:fs/promises'
import {CliError, ExitCode, UsageError} from '../core/base/errors.js'
import {ensureFolder} from '../core/config/folder.js'
import {type ApiClient, apiPath, type ResponseHeaders} from '../core/http/request.js'
import {boolean, declare, integer, text, type Values} from '../core/input/input.js'
import {type BulkResult, runBulk} from '../core/lists/bulk.js'
import type {ColumnFit} from '../core/output/table-layout.js'
import type {FieldWords} from '../core/output/words.js'
import {type DownloadResult, download, type SaveOptions} from '../core/transfer/download.js'
import type {PollState} from '../core/transfer/poll.js'

/** "status (integer: 0 started, 1 finished, -1 failed)" */
export const EXPORT_STATUS = {started: 0, finished: 1, failed: -1} as const
export type ExportStatus = (typeof EXPORT_STATUS)[keyof typeof EXPORT_STATUS]

export interface RelationExportBatch {
  status: ExportStatus
  batch_number: number
  objects_count: number
  error: string | null
  updated_at: string
}

export interface RelationExportStatus {
  relation: string
  status: ExportStatus
  error: string | null
  updated_at: string
  batched: boolean
  batches_count: number
  /** "present for batched relations" */
  batches?: RelationExportBatch[]
}

/** what tables show for `status`; the spec: "status (integer: 0 started, 1 finished, -1 failed)" */
export const RELATION_EXPORT_WORDS = {status: {0: 'started', 1: 'finished', '-1': 'failed'}} as const satisfies FieldWords

export const RELATION_EXPORT_COLUMNS = ['relation', 'status', 'batched', 'batches_count', 'error', 'updated_at'] as const
/** one row per file of `download --all` */
export const DOWNLOAD_ALL_COLUMNS = ['item', 'status', 'result.path', 'result.bytes', 'error'] as const
/**
 * The saved file's path is what the report is read for: it gives way last, and keeps its end (the
 * file's name) when cut; the relation's name (item) is in that name too.
 */
export const DOWNLOAD_ALL_FITS: Readonly<Record<string, ColumnFit>> = {'result.path': {rank: 'last', keep: 'end'}}

export interface ExportStarted {
  /** the API's answer: "202 with message object" */
  body: {message: string}
  /** the server's clock at the start (ms), for telling this export's entries from an earlier one's */
  startedAt: number
}

/** relation names are the platform's: lower-case words joined by `_` (labels, merge_requests) */
const relation = <R extends boolean = false>(options: {description: string; required?: R}) =>
  text<R>({
    ...options,
    helpValue: 'RELATION',
    pattern: [/^[a-z_]+$/, 'only lower-case letters and _, as in labels or merge_requests'],
  })

/** POST /projects/:id/export_relations: "batched (boolean)" */
export const EXPORT_OPTIONS = declare({
  batched: boolean({description: 'export large relations in batches, each batch a file of its own'}),
})
export type ExportOptions = Values<typeof EXPORT_OPTIONS>

/** GET .../status: "relation (string, optional)"; also the relation a wait watches */
export const STATUS_FILTER = declare({relation: relation({description: 'only this relation, such as labels, issues or merge_requests'})})

/** GET .../download: "relation (string, required); batched (boolean); batch_number (integer)"; batches count from 1 */
export const RELATION_FILE = declare({
  relation: relation({required: true, description: 'relation to download, such as labels, issues or merge_requests; or --all'}),
  batched: boolean({description: 'the relation was exported in batches: download the batch --batch-number'}),
  batch_number: integer({min: 1, description: 'batch to download (needs --batched)'}),
})
export type RelationFileQuery = Values<typeof RELATION_FILE>

const exportPath = (project: string) => apiPath`/projects/${project}/export_relations`

export async function startExport(api: ApiClient, project: string, input: ExportOptions): Promise<ExportStarted> {
  const response = await api.request<{message: string}>({method: 'POST', path: exportPath(project), body: {...input}})
  return {body: response.data, startedAt: serverTime(response.headers)}
}

/**
 * `relation` narrows the answer to that relation's entry: the platform answers that one record (not a
 * list), or 404 "Export not found" while the user has none for it (lib/api/project_export.rb); it is
 * returned as a list of one either way.
 */
export async function getExportStatus(api: ApiClient, project: string, relation?: string): Promise<RelationExportStatus[]> {
  const {data} = await api.request<RelationExportStatus[] | RelationExportStatus>({
    method: 'GET',
    path: `${exportPath(project)}/status`,
    query: {relation},
    expect: relation === undefined ? 'list' : 'record',
  })
  return Array.isArray(data) ? data : [data]
}

/**
 * A relation the project's export does not have would be waited for until --wait-timeout: refuse it at
 * once, naming the relations there are. (With no entries at all nothing is known yet, so it waits.)
 */
export async function assertRelationExported(api: ApiClient, project: string, relation: string): Promise<void> {
  const entries = await getExportStatus(api, project)
  if (entries.length > 0 && !entries.some(e => e.relation === relation)) {
    throw new CliError(`the export of project ${project} has no relation "${relation}"; it has: ${entries.map(e => e.relation).join(', ')}`, ExitCode.notFound)
  }
}

/**
 * Streams one relation file (or one batch of it) to `target` (a file, a folder, or `-`). In a folder a
 * batch is saved as `<relation>_<batch>.ndjson.gz`: the platform names every batch's file as the
 * relation's (each batch's upload is `<relation>.ndjson.gz`, app/services/bulk_imports/relation_batch_export_service.rb),
 * so its name would have the batches of one relation take each other's place.
 */
export function downloadRelation(api: ApiClient, project: string, query: RelationFileQuery, target: string, options: SaveOptions & {progress?: boolean} = {}): Promise<DownloadResult> {
  if (query.batch_number === undefined) return download(api, `${exportPath(project)}/download`, {...query}, target, {defaultName: `${query.relation}.ndjson.gz`, ...options})
  const batchName = `${query.relation}_${query.batch_number}.ndjson.gz`
  return download(api, `${exportPath(project)}/download`, {...query}, target, {defaultName: batchName, ...options, name: () => batchName})
}

/** each relation's entry as the status showed it just before a start: its status and `updated_at` */
export type ExportBaseline = ReadonlyMap<string, string>

const entryMark = (entry: RelationExportStatus) => `${entry.status} ${entry.updated_at}`

/** read before a start that will be waited for (see exportProgress) */
export async function exportBaseline(api: ApiClient, project: string): Promise<ExportBaseline> {
  return new Map((await getExportStatus(api, project)).map(entry => [entry.relation, entryMark(entry)]))
}

export interface ExportWatch {
  /** only this relation's entry */
  relation?: string
  /** the server's time of the start (whole seconds, from the Date header of its 202) */
  since?: number
  /** the entries just before the start */
  before?: ExportBaseline
}

/**
 * Whether an export has ended, for the shared waiter. Done when every entry (or the one relation asked
 * for) is finished with every batch finished; failed when all have ended and any failed, naming each
 * failed relation with the server's error, so that one wait reports every failure at once.
 *
 * After a start: the platform schedules the export and answers 202 before its job has touched the
 * entries, so right after a start the status still shows the previous export, finished or failed, and
 * a wait would take it for the new one. An entry counts for the new export only once the job has moved
 * it: updated at or after the server's time of the start (`since`; the server's clock, so that a client
 * clock running ahead or behind cannot hide a fresh entry or pass off an old one) and no longer as it
 * was just before the start (`before`). The Date header has whole seconds, so `since` alone would take
 * an export that ended within the very second of the new start for the new one; `before` tells them
 * apart. (An earlier export still running when the new one starts can still move an entry after the
 * start; the status cannot tell whose move that was.)
 */
export function exportProgress(entries: readonly RelationExportStatus[], watch: ExportWatch = {}): PollState<RelationExportStatus[]> {
  const watched = watch.relation === undefined ? [...entries] : entries.filter(e => e.relation === watch.relation)
  if (watched.length === 0) return {state: 'running', status: watch.relation ? `no entry for ${watch.relation} yet` : 'no entries yet'}
  const {since, before} = watch
  const moved = (e: RelationExportStatus) => (since === undefined || Date.parse(e.updated_at) >= since) && before?.get(e.relation) !== entryMark(e)
  const stale = watched.filter(e => !moved(e)).length
  if (stale > 0) return {state: 'running', status: `${stale} of ${watched.length} relations not picked up yet`}
  const open = watched.filter(e => !hasEnded(e)).length
  if (open > 0) return {state: 'running', status: `${watched.length - open} of ${watched.length} relations ended`}
  const failed = watched.filter(e => e.status === EXPORT_STATUS.failed || e.batches?.some(b => b.status === EXPORT_STATUS.failed))
  if (failed.length > 0) return {state: 'failed', message: failed.map(describeFailure).join('; ')}
  return {state: 'done', value: watched}
}

/**
 * Reads the whole status and picks the watched relation here: asked for one relation, the platform
 * answers 404 until the user's first export of it has been picked up, which is still "not yet" to a wait.
 */
export function exportPoller(api: ApiClient, project: string, watch: ExportWatch = {}): () => Promise<PollState<RelationExportStatus[]>> {
  return async () => exportProgress(await getExportStatus(api, project), watch)
}

/** a planned file of `download --all`: what to ask the server for, or why it is left out */
export type PlannedFile = {item: string; query: RelationFileQuery} | {item: string; skip: string}

/** every finished relation (every finished batch of a batched one); the rest are listed as skipped */
export function filesToDownload(entries: readonly RelationExportStatus[]): PlannedFile[] {
  return entries.flatMap((e): PlannedFile[] => {
    if (e.status !== EXPORT_STATUS.finished) return [{item: e.relation, skip: `not finished: ${statusText(e)}`}]
    if (!e.batched) return [{item: e.relation, query: {relation: e.relation}}]
    return (e.batches ?? []).map(b => {
      const item = `${e.relation} batch ${b.batch_number}`
      return b.status === EXPORT_STATUS.finished ? {item, query: {relation: e.relation, batched: true, batch_number: b.batch_number}} : {item, skip: `not finished: ${statusText(b)}`}
    })
  })
}

/** `download --all`: reads the status, then fetches every finished file into `dir`, a few at a time */
export async function downloadAll(api: ApiClient, project: string, dir: string, options: SaveOptions & {concurrency: number}): Promise<Array<BulkResult<DownloadResult>>> {
  const {concurrency, ...save} = options
  const plan = filesToDownload(await getExportStatus(api, project))
  if (plan.length === 0) {
    throw new CliError(`project ${project} has no relations export; start one with \`forgectl relations-export start -p ${project}\``, ExitCode.notFound)
  }
  // the one folder check (the user's own, a symlink only to a folder of theirs): a planted link would take every file
  ensureFolder(dir, 'the download folder')
  const wanted = plan.filter(p => 'query' in p)
  // several files at once: their progress lines would overwrite each other, and the report lists each
  const fetched = await runBulk(
    wanted,
    p => p.item,
    p => downloadRelation(api, project, p.query, dir, {...save, progress: false}),
    concurrency,
  )
  return plan.map(p => ('skip' in p ? {item: p.item, status: 'skipped' as const, error: p.skip} : fetched[wanted.indexOf(p)]!))
}

/** the folder `download --all` fills: given, or `./relations-<project>`; never stdout or an existing file */
export async function folderForAll(target: string | undefined, project: string): Promise<string> {
  const dir = target ?? `relations-${project.replace(/[^\w.-]+/g, '-')}`
  if (dir === '-') throw new UsageError('--all writes one file per relation into a folder: give a DIR, not -')
  if (
    await stat(dir).then(
      s => !s.isDirectory(),
      () => false,
    )
  )
    throw new UsageError(`--all writes into a folder, and ${dir} is a file`)
  return dir
}

// ---- helpers -------------------------------------------------------------------------------------------

function hasEnded(e: RelationExportStatus): boolean {
  if (e.status === EXPORT_STATUS.failed) return true
  return e.status === EXPORT_STATUS.finished && (e.batches ?? []).every(b => b.status !== EXPORT_STATUS.started)
}

function describeFailure(e: RelationExportStatus): string {
  const batchErrors = (e.batches ?? []).filter(b => b.status === EXPORT_STATUS.failed).map(b => `batch ${b.batch_number}: ${b.error ?? 'failed'}`)
  return `${e.relation}: ${e.error ?? (batchErrors.join(', ') || 'failed (the server gave no error)')}`
}

function statusText(entry: {status: number; error: string | null}): string {
  if (entry.status === EXPORT_STATUS.failed) return `failed${entry.error ? ` (${entry.error})` : ''}`
  return entry.status === EXPORT_STATUS.started ? 'started' : `status ${entry.status}`
}

/** the server's clock from the Date header (whole seconds), else ours */
function serverTime(headers: ResponseHeaders): number {
  const date = Date.parse(headers.get('date') ?? '')
  return Number.isNaN(date) ? Math.floor(Date.now() / 1000) * 1000 : date
}

// Vulnerability exports (document 1, "Vulnerability exports"): created for a project, a group or the
// caller's security dashboard, polled until finished, then downloaded. "Exports are accessible only to
// their author."
import {extname} from 'node:path'
import {UsageError} from '../core/base/errors.js'
import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, custom, declare, inputLabel, RuleBroken, type Values} from '../core/input/input.js'
import {type Scope, scopeOf, scopePath} from '../core/input/scope.js'
import {type DownloadResult, download, type SaveOptions} from '../core/transfer/download.js'
import type {PollState} from '../core/transfer/poll.js'

export const EXPORT_FORMATS = ['csv', 'pdf'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export interface VulnerabilityExport {
  id: ApiId
  created_at: string
  /** set for project-level exports */
  project_id: ApiId | null
  /** set for group-level exports */
  group_id: ApiId | null
  format: ExportFormat
  /** created, running, finished or failed (ee/app/models/vulnerabilities/export.rb) */
  status: string
  started_at: string | null
  finished_at: string | null
  /** whether the author is e-mailed when it completes; absent on older servers */
  send_email?: boolean
  /** "the export is deleted automatically at this time": set when the export ends, a week on; null until then */
  expires_at: string | null
  /** absolute URLs of the export and of its download */
  _links: {self: string; download: string}
}

export const EXPORT_COLUMNS = ['id', 'status', 'format', 'project_id', 'group_id', 'created_at', 'finished_at', 'expires_at'] as const

const REPORT_DATA_EXAMPLE = '{"project_vulnerabilities_history": {"svg": "<svg>...</svg>"}}'

/** "report_data (object mapping report component names to frontend assets)" */
function reportData(text: string): Record<string, unknown> {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new RuleBroken(`must be valid JSON, such as ${REPORT_DATA_EXAMPLE}`)
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new RuleBroken(`must be a JSON object mapping report components to assets, such as ${REPORT_DATA_EXAMPLE}`)
  }
  return data as Record<string, unknown>
}

/** POST: every level takes export_format and send_email; report_data is declared for the project and group levels only (see exportScope) */
export const NEW_EXPORT = declare({
  export_format: choice(EXPORT_FORMATS, {flag: 'format', description: 'export_format of the document (API default: csv)'}),
  send_email: boolean({description: 'e-mail you when the export completes (API default: yes for pdf, no for csv)'}),
  report_data: custom({
    file: true,
    helpValue: 'JSON',
    hint: `a JSON object such as ${REPORT_DATA_EXAMPLE}`,
    parse: reportData,
    description: 'project or group only: JSON object mapping report components to frontend assets',
  }),
})
export type NewExport = Values<typeof NEW_EXPORT>

/** an export for one project or group, or (no scope) for the projects of the caller's security dashboard */
export type ExportScope = Scope | undefined

/**
 * The level asked for, with its inputs checked: ee/lib/api/vulnerability_exports.rb declares
 * export_format and send_email at every level, report_data at the project and group levels only (the
 * instance level would drop it unread).
 */
export function exportScope(where: {project?: string; group?: string}, input: NewExport): ExportScope {
  const scope = where.project === undefined && where.group === undefined ? undefined : scopeOf(where)
  if (input.report_data !== undefined && scope === undefined) throw new UsageError(`${inputLabel(NEW_EXPORT.report_data)} applies to project (-p) and group (-g) exports only`)
  return scope
}

const exportsPath = (scope: ExportScope) => (scope === undefined ? '/security/vulnerability_exports' : `/security${scopePath(scope)}/vulnerability_exports`)
const exportPath = (id: Id) => apiPath`/security/vulnerability_exports/${id}`

/** 429 when the same user's previous export for the same project or group is still in progress */
export function createExport(api: ApiClient, scope: ExportScope, input: NewExport): Promise<VulnerabilityExport> {
  return api.post<VulnerabilityExport>(exportsPath(scope), {...input})
}

/** the export, and whether it is finished: the server answers 202 (with the record) while it is not */
export async function getExport(api: ApiClient, id: Id): Promise<{finished: boolean; export: VulnerabilityExport}> {
  const response = await api.request<VulnerabilityExport>({method: 'GET', path: exportPath(id), accept: [202]})
  return {finished: response.status !== 202 && response.data.status === 'finished', export: response.data}
}

/**
 * One poll for the shared waiter. The spec names created and finished only ("other status values: not
 * shown"); the platform also has running and failed, so a failed export ends the wait with exit 9.
 */
export async function pollExport(api: ApiClient, id: Id): Promise<PollState<VulnerabilityExport>> {
  const {finished, export: record} = await getExport(api, id)
  if (finished) return {state: 'done', value: record}
  if (record.status === 'failed') return {state: 'failed', message: 'the server reports status failed'}
  return {state: 'running', status: record.status}
}

/**
 * Streams the document to `target` (a file, a folder, or `-` for stdout). 404 "when the export is
 * unfinished or does not exist". In a folder the file is `vulnerabilities-<id>.<csv|pdf>`: the server's
 * name carries only the scope and the minute the export finished, so two exports of one minute would
 * take the same name. The extension is the server's (the format is not known without --wait).
 */
export function downloadExport(api: ApiClient, id: Id, target: string, options: SaveOptions & {format?: string} = {}): Promise<DownloadResult> {
  const name = (serverName: string | undefined) => `vulnerabilities-${id}${documentExtension(serverName) ?? `.${options.format ?? 'csv'}`}`
  const {format: _format, ...save} = options
  return download(api, `${exportPath(id)}/download`, undefined, target, {...save, defaultName: name(undefined), name})
}

function documentExtension(serverName: string | undefined): string | undefined {
  const extension = extname(serverName ?? '')
  return /^\.[a-z0-9]{1,5}$/i.test(extension) ? extension.toLowerCase() : undefined
}

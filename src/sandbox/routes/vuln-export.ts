// Vulnerability exports, as the platform serves them: ee/lib/api/vulnerability_exports.rb (an export is
// its author's: another user, an administrator too, is refused with 403 by `authorize!`; an ID that is not
// there is the API's generic 404), the state machine of ee/app/models/vulnerabilities/export.rb (created,
// running from the job's start with started_at, then finished or failed, both with finished_at), the job
// of ee/app/services/vulnerability_exports/export_service.rb (expires_at set when it ends, a week on; the
// file named `<full path, parameterized>_vulnerabilities_<YYYY-MM-DDTHHMM>.<format>`), the answer of
// ee/lib/api/entities/vulnerability_export.rb (send_email at every level).
//
// The job starts a moment after creation (min(50 ms, d/2)) and ends once `store.options.jobDelayMs` (d),
// as it was when the export was created, has passed; the time is `store.nowMs()`, which a test can pin.
// A test that needs a long-running export sets a long jobDelayMs while creating it; later exports are not
// affected. A week after it ended the export is gone (404).
//
// Failures for tests and rehearsals: exports created while the feature `vulnerability_export_fail` is on
// (in `store.options.features`, e.g. POST /__sandbox/features {"name": "vulnerability_export_fail",
// "enabled": true}) end `failed`, the platform's status for an export whose job raised; such an export
// has no document (download 404).
//
// Choices where the spec is silent, after the platform:
// - a PDF export while the `vulnerabilities_pdf_export` feature flag is off is refused with 403 (the
//   caller may not create that export), before the one-at-a-time check;
// - a private project or group the caller cannot see answers 404; one they see with a role below
//   Developer answers 403;
// - the instance-level export covers the projects where the caller is Developer at least (the sandbox's
//   stand-in for "the projects selected in the security dashboard");
//
// The CSV is generated row by row as a stream, never held whole: `store.options.vulnerabilityExportRows`
// (or SANDBOX_VULN_EXPORT_ROWS for `npm run sandbox`) appends that many generated rows to each export,
// for download benchmarks.
import {Readable} from 'node:stream'
import {badRequest, created, forbidden, HttpError, notFound, ok, type Reply} from '../http.js'
import {type Ctx, oneOf, optionalBoolean, type Router} from '../router.js'
import {ROLE, type SandboxProject, SEED_TIME, type Store} from '../store.js'
import {webUrl} from '../web-url.js'

const FORMATS = ['csv', 'pdf'] as const
type Format = (typeof FORMATS)[number]
const WEEK_MS = 7 * 24 * 3_600_000
/** the platform's `Poll-Interval` hint on a 202, in ms */
const POLL_INTERVAL_MS = '5000'
export const FAIL_FEATURE = 'vulnerability_export_fail'

export const CSV_HEADER = [
  'Group Name',
  'Project Name',
  'Tool',
  'Scanner Name',
  'Status',
  'Vulnerability',
  'Details',
  'Additional Info',
  'Severity',
  'CVE',
  'CWE',
  'Other Identifiers',
  'Detected At',
  'Location',
  'Activity',
  'Comments',
  'Full Path',
  'CVSS Vectors',
  'Dismissal Reason',
] as const

interface ExportRecord {
  id: number
  authorId: number
  level: 'project' | 'group' | 'instance'
  /** the project or group ID; the author's ID for the instance level */
  exportableId: number
  format: Format
  send_email: boolean
  report_data: Record<string, unknown>
  createdMs: number
  /** when the simulated job ends */
  finishMs: number
  /** the job ends `failed` rather than `finished` (FAIL_FEATURE was on at creation) */
  fails: boolean
}

interface Vulnerability {
  projectId: number
  tool: string
  scanner: string
  status: 'detected' | 'confirmed' | 'dismissed' | 'resolved'
  title: string
  details: string
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info' | 'unknown'
  cve: string
  cwe: string
  otherIdentifiers: string[]
  detectedAt: string
  location: Record<string, unknown>
  resolvedOnDefaultBranch: boolean
  comments: string
  fullPath: string
  cvssVectors: string[]
  dismissalReason: string
}

interface ExportsState {
  exports: Map<number, ExportRecord>
  vulnerabilities: Vulnerability[]
}

export default function register(r: Router, store: Store): void {
  const state = store.slice<ExportsState>('vuln-export', () => ({exports: new Map(), vulnerabilities: seedVulnerabilities()}))

  /** the job has ended, finished or failed (`completed?`) */
  const hasEnded = (e: ExportRecord) => store.nowMs() >= e.finishMs
  const isFinished = (e: ExportRecord) => hasEnded(e) && !e.fails
  const startMs = (e: ExportRecord) => e.createdMs + Math.min(50, (e.finishMs - e.createdMs) / 2)
  const iso = (ms: number) => new Date(ms).toISOString()

  const render = (e: ExportRecord) => {
    const self = webUrl(`api/v4/security/vulnerability_exports/${e.id}`)
    const ended = hasEnded(e)
    const started = store.nowMs() >= startMs(e)
    return {
      id: e.id,
      created_at: iso(e.createdMs),
      project_id: e.level === 'project' ? e.exportableId : null,
      group_id: e.level === 'group' ? e.exportableId : null,
      format: e.format,
      status: ended ? (e.fails ? 'failed' : 'finished') : started ? 'running' : 'created',
      started_at: started ? iso(startMs(e)) : null,
      finished_at: ended ? iso(e.finishMs) : null,
      send_email: e.send_email,
      // schedule_export_deletion, when the job ends
      expires_at: ended ? iso(e.finishMs + WEEK_MS) : null,
      _links: {self, download: `${self}/download`},
    }
  }

  /** `Export.find`, then `authorize! :read_vulnerability_export` (its author only); expired ones are deleted */
  const findOwn = (ctx: Ctx): ExportRecord => {
    const e = /^\d+$/.test(ctx.params.id!) ? state.exports.get(Number(ctx.params.id)) : undefined
    if (e && store.nowMs() >= e.finishMs + WEEK_MS) state.exports.delete(e.id)
    if (!e || !state.exports.has(e.id)) throw new HttpError(404, {message: '404 Not found'})
    if (e.authorId !== ctx.user!.id) throw forbidden()
    return e
  }

  const create = (ctx: Ctx, level: ExportRecord['level'], exportableId: number): Reply => {
    const user = ctx.user!
    const format = oneOf(ctx.input, 'export_format', FORMATS) ?? 'csv'
    const sendEmail = optionalBoolean(ctx.input, 'send_email')
    const reportData = ctx.input.report_data
    if (reportData !== undefined && (reportData === null || typeof reportData !== 'object' || Array.isArray(reportData))) throw badRequest('report_data is invalid')
    if (format === 'pdf' && !store.options.features.has('vulnerabilities_pdf_export')) {
      throw forbidden('PDF export is not available: the vulnerabilities_pdf_export feature flag is disabled')
    }
    // "no export in progress for the same user and same project or group"
    const busy = level !== 'instance' && [...state.exports.values()].some(e => e.authorId === user.id && e.level === level && e.exportableId === exportableId && !hasEnded(e))
    if (busy) throw new HttpError(429, {message: `Your previous ${level} vulnerability export is still in progress: try again when it is finished`})
    const record: ExportRecord = {
      id: store.nextId(),
      authorId: user.id,
      level,
      exportableId,
      format,
      // the platform's defaults: an e-mail for PDF exports, none for CSV
      send_email: sendEmail ?? format === 'pdf',
      report_data: (reportData as Record<string, unknown> | undefined) ?? {},
      createdMs: store.nowMs(),
      finishMs: store.nowMs() + store.options.jobDelayMs,
      fails: store.options.features.has(FAIL_FEATURE),
    }
    state.exports.set(record.id, record)
    return created(render(record))
  }

  r.post('/security/projects/:id/vulnerability_exports', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'developer')
    return create(ctx, 'project', project.id)
  })

  r.post('/security/groups/:id/vulnerability_exports', ctx => {
    const group = store.groupFor(ctx.params.id!, ctx.user, 'developer')
    return create(ctx, 'group', group.id)
  })

  r.post('/security/vulnerability_exports', ctx => create(ctx, 'instance', ctx.user!.id))

  r.get('/security/vulnerability_exports/:id', ctx => {
    const e = findOwn(ctx)
    if (hasEnded(e)) return ok(render(e))
    return {status: 202, body: render(e), headers: {'Poll-Interval': POLL_INTERVAL_MS}}
  })

  r.get('/security/vulnerability_exports/:id/download', ctx => {
    const e = findOwn(ctx)
    if (!isFinished(e)) throw notFound('Vulnerability Export')
    const name = `${exportName(store, e)}_vulnerabilities_${new Date(e.finishMs).toISOString().slice(0, 16).replace(':', '')}.${e.format}`
    const headers = {'Content-Disposition': `attachment; filename="${name}"`}
    if (e.format === 'pdf') return {status: 200, raw: fakePdf(e), contentType: 'application/pdf', headers}
    const extra = store.options.vulnerabilityExportRows ?? Number(process.env.SANDBOX_VULN_EXPORT_ROWS ?? 0)
    const rows = exportedProjects(store, e).flatMap(p => state.vulnerabilities.filter(v => v.projectId === p.id).map(v => csvRow(store, p, v)))
    return {status: 200, raw: csvStream(rows, extra), contentType: 'text/csv; charset=utf-8', headers}
  })
}

/** the projects an export covers, in ID order */
function exportedProjects(store: Store, e: ExportRecord): SandboxProject[] {
  const projects = [...store.projects.values()].sort((a, b) => a.id - b.id)
  if (e.level === 'project') return projects.filter(p => p.id === e.exportableId)
  if (e.level === 'group') {
    return projects.filter(p => store.groupAncestors(store.groups.get(p.namespace_id)!).some(g => g.id === e.exportableId))
  }
  const author = store.users.get(e.authorId) ?? null
  return projects.filter(p => store.projectRole(p, author) >= ROLE.developer)
}

function exportName(store: Store, e: ExportRecord): string {
  const path =
    e.level === 'project' ? store.projects.get(e.exportableId)?.path_with_namespace : e.level === 'group' ? store.groups.get(e.exportableId)?.full_path : store.users.get(e.exportableId)?.username
  // `parameterize`: lower case, every run of other characters one -
  return (path ?? 'export').toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

/** RFC 4180: a cell with a comma, a quote or a line break is quoted, quotes doubled */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

const csvLine = (cells: readonly string[]) => cells.map(csvCell).join(',') + '\n'

/** `2026-01-10T08:15:00Z` → `2026-01-10 08:15:00 UTC`, the spec's Detected At format */
function detectedAt(isoTime: string): string {
  return `${new Date(isoTime).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

function csvRow(store: Store, project: SandboxProject, v: Vulnerability): string[] {
  const group = store.groups.get(project.namespace_id)
  return [
    group?.name ?? '',
    project.name,
    v.tool,
    v.scanner,
    v.status,
    v.title,
    v.details,
    '',
    v.severity,
    v.cve,
    v.cwe,
    v.otherIdentifiers.join('; '),
    detectedAt(v.detectedAt),
    JSON.stringify(v.location),
    String(v.resolvedOnDefaultBranch),
    v.comments,
    v.fullPath,
    v.cvssVectors.join('; '),
    v.dismissalReason,
  ]
}

/** the header, the rows, then `extra` generated rows, produced as the reader asks for them */
function csvStream(rows: string[][], extra: number): Readable {
  function* lines(): Generator<string> {
    yield csvLine(CSV_HEADER)
    for (const row of rows) yield csvLine(row)
    const batch: string[] = []
    for (let i = 1; i <= extra; i++) {
      batch.push(
        csvLine([
          'Bench',
          `bench-${i % 100}`,
          'sast',
          'Semgrep',
          'detected',
          `Generated finding ${i}`,
          `Synthetic finding ${i}, for download benchmarks`,
          '',
          'low',
          '',
          'CWE-1004',
          `semgrep_id: bench-${i}`,
          '2026-01-15 09:30:00 UTC',
          `{"file":"src/gen/${i}.js","start_line":${i % 500}}`,
          'false',
          '',
          `src/gen/${i}.js`,
          '',
          '',
        ]),
      )
      if (batch.length === 500) yield batch.splice(0).join('')
    }
    if (batch.length > 0) yield batch.join('')
  }
  return Readable.from(lines(), {objectMode: false})
}

function fakePdf(e: ExportRecord): Buffer {
  return Buffer.from(`%PDF-1.7\n% forgectl sandbox: vulnerability export ${e.id}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`)
}

function seedVulnerabilities(): Vulnerability[] {
  // detected `days` before the seed day, at `time` UTC
  const at = (days: number, time: string) => {
    const day = new Date(Date.parse(SEED_TIME) - days * 86_400_000).toISOString().slice(0, 10)
    return `${day}T${time}Z`
  }
  const base = {otherIdentifiers: [] as string[], cve: '', comments: '', cvssVectors: [] as string[], dismissalReason: '', resolvedOnDefaultBranch: false}
  return [
    {
      ...base,
      projectId: 20,
      tool: 'sast',
      scanner: 'Semgrep',
      status: 'detected',
      severity: 'high',
      title: "Improper neutralization of special elements used in an SQL command ('SQL Injection')",
      details: 'User input reaches a raw SQL query, without escaping, in the "search" endpoint.',
      cwe: 'CWE-89',
      otherIdentifiers: ['semgrep_id: ruby.rails.security.sql-injection', 'OWASP: A03:2021'],
      detectedAt: at(5, '08:15:00'),
      location: {file: 'app/models/search.rb', start_line: 42, end_line: 44},
      fullPath: 'app/models/search.rb:42',
      comments: '2026-01-12 10:00:00 UTC alice: Confirmed on staging, fix planned\n2026-01-13 09:00:00 UTC dave: "Search v2" replaces it',
    },
    {
      ...base,
      projectId: 20,
      tool: 'dependency_scanning',
      scanner: 'Gemnasium',
      status: 'confirmed',
      severity: 'critical',
      title: 'Prototype Pollution in lodash',
      details: 'Versions of lodash before 4.17.21 are vulnerable to prototype pollution via zipObjectDeep, set and setWith.',
      cve: 'CVE-2021-23337',
      cwe: 'CWE-1321',
      otherIdentifiers: ['GHSA-35jh-r3h4-6jhm'],
      detectedAt: at(9, '14:02:41'),
      location: {file: 'package-lock.json', dependency: {package: {name: 'lodash'}, version: '4.17.15'}},
      fullPath: 'package-lock.json',
      cvssVectors: ['GitLab: CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H'],
    },
    {
      ...base,
      projectId: 20,
      tool: 'secret_detection',
      scanner: 'Gitleaks',
      status: 'dismissed',
      severity: 'medium',
      title: 'AWS access key',
      details: 'A test fixture, not a live key',
      cwe: 'CWE-798',
      detectedAt: at(20, '11:00:00'),
      location: {file: 'spec/fixtures/aws.yml', start_line: 3},
      fullPath: 'spec/fixtures/aws.yml:3',
      dismissalReason: 'Used in tests',
    },
    {
      ...base,
      projectId: 21,
      tool: 'container_scanning',
      scanner: 'Trivy',
      status: 'resolved',
      severity: 'low',
      title: 'CVE-2023-29491 in ncurses',
      details: 'ncurses before 6.4 20230408, when used by a setuid application, allows local users to trigger memory corruption.',
      cve: 'CVE-2023-29491',
      cwe: 'CWE-787',
      detectedAt: at(30, '07:30:00'),
      resolvedOnDefaultBranch: true,
      location: {image: 'registry.example.com/acme/website:latest', operating_system: 'debian:12', dependency: {package: {name: 'ncurses'}, version: '6.4-4'}},
      fullPath: 'registry.example.com/acme/website:latest',
      cvssVectors: ['NVD: CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H'],
    },
    {
      ...base,
      projectId: 21,
      tool: 'dast',
      scanner: 'OWASP Zed Attack Proxy (ZAP)',
      status: 'detected',
      severity: 'info',
      title: 'Cookie without SameSite attribute',
      details: 'A cookie has been set without the SameSite attribute, which means it can be sent with cross-site requests.',
      cwe: 'CWE-1275',
      otherIdentifiers: ['ZAP: 10054'],
      detectedAt: at(2, '16:45:09'),
      location: {hostname: 'https://website.acme.example.com', method: 'GET', path: '/login'},
      fullPath: 'https://website.acme.example.com/login',
    },
    {
      ...base,
      projectId: 22,
      tool: 'sast',
      scanner: 'Semgrep',
      status: 'detected',
      severity: 'unknown',
      title: 'Use of a broken or risky cryptographic algorithm',
      details: 'MD5 is used to hash passwords; use bcrypt, scrypt or argon2.',
      cwe: 'CWE-327',
      otherIdentifiers: ['semgrep_id: python.lang.security.insecure-hash'],
      detectedAt: at(1, '09:00:00'),
      location: {file: 'tool/auth.py', start_line: 17},
      fullPath: 'tool/auth.py:17',
    },
  ]
}

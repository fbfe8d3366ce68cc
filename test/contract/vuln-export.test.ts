// Contract: the sandbox's vulnerability exports as the platform serves them (issue 34). Each fact names the
// platform file (gitlabhq/gitlabhq; the EE files read through a fork that carries them) it was read from.
// The sandbox's clock is pinned for the whole file (store.nowMs()): an export is read at chosen moments of
// its job. With d = 3000 ms, the job starts 50 ms after the export is created and ends at 3000 ms.
import {describe, expect, it} from 'vitest'
import type {VulnerabilityExport as Export} from '../../src/api/vuln-export.js'
import type {SeedRole} from '../../src/sandbox/seed.js'
import {pinnedClock} from '../helpers/pinned-clock.js'
import {useSandbox} from '../helpers/sandbox.js'

const d = 3000
const WEEK = 7 * 24 * 3_600_000
const sb = useSandbox({jobDelayMs: d})
const clock = pinnedClock(sb, '2026-06-01T00:00:00.000Z')

type Answer = Export & {message?: unknown; error?: string}
const call = (method: string, path: string, body?: Record<string, unknown>, as: SeedRole = 'developer') => sb.api<Answer>(method, path, {as, body})
const create = async (path: string, body: Record<string, unknown> = {}, as: SeedRole = 'developer') => {
  const made = await call('POST', path, body, as)
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body
}
const iso = (ms: number) => new Date(ms).toISOString()

describe('POST (ee/lib/api/vulnerability_exports.rb, ee/spec/requests/api/vulnerability_exports_spec.rb)', () => {
  it('creates an export (201) that has not started: no times, no expiry yet, csv and no e-mail by default', async () => {
    const made = await create('/security/projects/20/vulnerability_exports')
    expect(made).toMatchObject({project_id: 20, group_id: null, format: 'csv', status: 'created', started_at: null, finished_at: null, expires_at: null, send_email: false})
  })

  it('takes send_email at every level, true by default for a PDF (the given clauses of each level)', async () => {
    expect(await create('/security/groups/10/vulnerability_exports', {send_email: true})).toMatchObject({group_id: 10, project_id: null, send_email: true})
    expect(await create('/security/vulnerability_exports', {send_email: true})).toMatchObject({group_id: null, project_id: null, send_email: true})
    sb.sandbox.store.options.features.add('vulnerabilities_pdf_export')
    try {
      expect(await create('/security/projects/21/vulnerability_exports', {export_format: 'pdf'})).toMatchObject({format: 'pdf', send_email: true})
    } finally {
      sb.sandbox.store.options.features.delete('vulnerabilities_pdf_export')
    }
  })

  it('refuses a format it does not know in the parameter shape, and a role below Developer with 403', async () => {
    expect((await call('POST', '/security/projects/21/vulnerability_exports', {export_format: 'exif'})).body).toEqual({error: 'export_format does not have a valid value'})
    expect((await call('POST', '/security/projects/20/vulnerability_exports', {}, 'reporter')).status).toBe(403)
  })
})

describe("an export's states (ee/app/models/vulnerabilities/export.rb, ee/app/services/vulnerability_exports/export_service.rb)", () => {
  it('goes created → running (started_at) → finished (finished_at, and expires_at a week on); 202 with Poll-Interval until it ends', async () => {
    clock.now += 10 * d
    const from = clock.now
    const made = await create('/security/projects/21/vulnerability_exports')
    const read = () => call('GET', `/security/vulnerability_exports/${made.id}`)
    const created = await read()
    expect(created.status).toBe(202)
    expect(created.headers.get('poll-interval')).toBe('5000')
    clock.now = from + 50
    expect((await read()).body).toMatchObject({status: 'running', started_at: iso(from + 50), finished_at: null, expires_at: null})
    clock.now = from + d
    const finished = await read()
    expect(finished.status).toBe(200)
    expect(finished.headers.get('poll-interval')).toBeNull()
    expect(finished.body).toMatchObject({status: 'finished', started_at: iso(from + 50), finished_at: iso(from + d), expires_at: iso(from + d + WEEK)})
    // gone once it has expired
    clock.now = from + d + WEEK
    expect((await read()).status).toBe(404)
  })

  it('a failed export has its finished_at too, answers 200, and has no document', async () => {
    clock.now += 10 * d
    const from = clock.now
    sb.sandbox.store.options.features.add('vulnerability_export_fail')
    let made: Export
    try {
      made = await create('/security/projects/21/vulnerability_exports')
    } finally {
      sb.sandbox.store.options.features.delete('vulnerability_export_fail')
    }
    clock.now = from + d
    const failed = await call('GET', `/security/vulnerability_exports/${made.id}`)
    expect(failed).toMatchObject({status: 200, body: {status: 'failed', finished_at: iso(from + d), expires_at: iso(from + d + WEEK)}})
    expect((await call('GET', `/security/vulnerability_exports/${made.id}/download`)).body).toEqual({message: '404 Vulnerability Export Not Found'})
  })
})

describe('GET and download (ee/lib/api/vulnerability_exports.rb: authorize! :read_vulnerability_export)', () => {
  it("is its author's only: 403 to anyone else, an administrator too; the generic 404 for an ID that is not there", async () => {
    clock.now += 10 * d
    const made = await create('/security/projects/20/vulnerability_exports', {}, 'maintainer')
    clock.now += d
    for (const as of ['developer', 'owner', 'admin'] as const) {
      expect(await call('GET', `/security/vulnerability_exports/${made.id}`, undefined, as), as).toMatchObject({status: 403, body: {message: '403 Forbidden'}})
      expect((await call('GET', `/security/vulnerability_exports/${made.id}/download`, undefined, as)).status, as).toBe(403)
    }
    expect((await call('GET', `/security/vulnerability_exports/${made.id}`, undefined, 'maintainer')).status).toBe(200)
    expect((await call('GET', '/security/vulnerability_exports/999999')).body).toEqual({message: '404 Not found'})
  })

  it('downloads a finished export as a file named <full path, parameterized>_vulnerabilities_<minute it finished>.csv (ee/app/services/vulnerability_exports/exporters/csv_service.rb)', async () => {
    clock.now = Date.parse('2026-07-01T08:00:00.000Z')
    const made = await create('/security/projects/21/vulnerability_exports')
    const early = await call('GET', `/security/vulnerability_exports/${made.id}/download`)
    expect(early).toMatchObject({status: 404, body: {message: '404 Vulnerability Export Not Found'}})
    clock.now += d
    const response = await fetch(`${sb.url}/api/v4/security/vulnerability_exports/${made.id}/download`, {headers: {'PRIVATE-TOKEN': 'sandbox-developer-token'}})
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain('filename="acme-website_vulnerabilities_2026-07-01T0800.csv"')
    const [header] = (await response.text()).split('\n')
    expect(header).toMatch(/^Group Name,Project Name,Tool,Scanner Name,Status,Vulnerability,Details,Additional Info,Severity,CVE,CWE,/)
  })
})

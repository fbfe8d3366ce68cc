import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {describe, expect, it} from 'vitest'
import type {VulnerabilityExport as Export} from '../../src/api/vuln-export.js'
import {formatBytes} from '../../src/core/base/bytes.js'
import {FAIL_FEATURE} from '../../src/sandbox/routes/vuln-export.js'
import {type SeedRole, TOKENS} from '../../src/sandbox/seed.js'
import {plainId} from '../helpers/plain-id.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const HEADER =
  'Group Name,Project Name,Tool,Scanner Name,Status,Vulnerability,Details,Additional Info,Severity,CVE,CWE,Other Identifiers,Detected At,Location,Activity,Comments,Full Path,CVSS Vectors,Dismissal Reason'
const LONG = 3_600_000

const sb = useSandbox({jobDelayMs: 150})
const developer: SandboxRunOptions = {as: 'developer'}
const tempDir = () => mkdtempSync(join(tmpdir(), 'forgectl-vuln-'))

/**
 * Exports created while `action` runs take `ms` to finish. A long-running export blocks its user and
 * project or group (429) for the rest of the file, so each test that makes one uses a pair no other
 * test uses.
 */
const withJobDelay = <T>(ms: number, action: () => Promise<T>) => sb.withOptions({jobDelayMs: ms}, action)

/**
 * The sandbox's clock stopped while `action` runs, then given back: an export created meanwhile stays
 * unfinished for as long as the test needs, however slow the machine, until `letGo` moves the clock
 * past its end (`jobDelayMs` ahead of the real time) or `action` returns.
 */
async function heldExports<T>(action: (letGo: () => void) => Promise<T>): Promise<T> {
  const stopped = Date.now()
  const ahead = sb.sandbox.store.options.jobDelayMs
  return sb.withOptions({clock: () => stopped}, () => action(() => (sb.sandbox.store.options.clock = () => Date.now() + ahead)))
}

async function create(args: string[], options: SandboxRunOptions = developer): Promise<Export> {
  const result = await sb.run(['vuln-export', 'create', ...args, '--json'], options)
  expect(result.code, result.stderr).toBe(0)
  return result.json<Export>()
}

/** once the export has ended: until then it blocks its user and project or group (429) for the next test */
async function ended({id}: Export, as: SeedRole = 'developer'): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (['finished', 'failed'].includes((await sb.api<Export>('GET', `/security/vulnerability_exports/${id}`, {as})).body.status)) return
    await sleep(20)
  }
  throw new Error(`vulnerability export ${id} did not end`)
}

async function setFeature(name: string, enabled: boolean): Promise<void> {
  const response = await fetch(`${sb.url}/__sandbox/features`, {method: 'POST', body: JSON.stringify({name, enabled})})
  expect(response.status).toBe(200)
}

/** the download as the API sends it, bytes untouched */
async function rawDownload(id: number, as: keyof typeof TOKENS = 'developer'): Promise<{status: number; text: string; disposition: string | null}> {
  const response = await fetch(`${sb.url}/api/v4/security/vulnerability_exports/${id}/download`, {headers: {'PRIVATE-TOKEN': TOKENS[as]}})
  return {status: response.status, text: await response.text(), disposition: response.headers.get('content-disposition')}
}

/** RFC 4180, written here on its own so that it can disagree with both the sandbox and forgectl */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"'
      i++
    } else if (c === '"') {
      quoted = !quoted
    } else if (!quoted && c === ',') {
      row.push(cell)
      cell = ''
    } else if (!quoted && c === '\n') {
      rows.push([...row, cell])
      row = []
      cell = ''
    } else {
      cell += c
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}

describe('vuln-export create', () => {
  it('creates a project export: created, no times yet, no expiry until it ends, absolute links; --json is the API record', async () => {
    await withJobDelay(LONG, async () => {
      const before = Date.now()
      const created = await create(['-p', 'acme/platform/api'], {as: 'maintainer'})
      // expires_at is set when the job ends (ee/app/services/vulnerability_exports/export_service.rb)
      expect(created).toMatchObject({project_id: 20, group_id: null, format: 'csv', status: 'created', started_at: null, finished_at: null, send_email: false, expires_at: null})
      expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000)
      expect(created._links).toEqual({
        self: `${sb.url}/api/v4/security/vulnerability_exports/${created.id}`,
        download: `${sb.url}/api/v4/security/vulnerability_exports/${created.id}/download`,
      })
      const api = await sb.api<Export>('GET', `/security/vulnerability_exports/${created.id}`, {as: 'maintainer'})
      expect(api.status).toBe(202)
      // the same record; its job may have started meanwhile (running, with started_at)
      const {status, started_at: _started, ...rest} = api.body
      const {status: _status, started_at: _notYet, ...createdRest} = created
      expect(rest).toEqual(createdRest)
      expect(['created', 'running']).toContain(status)
      expect(sb.sandbox.requests.some(r => r.method === 'POST' && r.path === '/security/projects/acme%2Fplatform%2Fapi/vulnerability_exports')).toBe(true)
    })
  })

  it('creates group and instance exports on their own endpoints, send_email at every level', async () => {
    const group = await create(['-g', 'acme', '--send-email'])
    expect(group).toMatchObject({project_id: null, group_id: 10, format: 'csv', send_email: true})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/security/groups/acme/vulnerability_exports'})
    const instance = await create([], {as: 'outsider'})
    expect(instance).toMatchObject({project_id: null, group_id: null})
    expect(sb.sandbox.requests.at(-1)).toMatchObject({method: 'POST', path: '/security/vulnerability_exports'})
    await Promise.all([ended(group), ended(instance, 'outsider')])
  })

  it('--send-email and --format go to the API as send_email and export_format', async () => {
    const created = await create(['-p', '21', '--send-email', '--format', 'csv'])
    expect(created).toMatchObject({project_id: 21, format: 'csv', send_email: true})
    await ended(created)
  })

  it('--wait polls until finished and prints the finished export', async () => {
    await heldExports(async letGo => {
      const from = sb.sandbox.requests.length
      const running = sb.run(['vuln-export', 'create', '-p', '21', '--wait', '--interval', '1', '--json'])
      // its first poll finds it running; then it ends
      while (!sb.sandbox.requests.slice(from).some(r => r.method === 'GET' && /^\/security\/vulnerability_exports\/\d+$/.test(r.path))) await sleep(20)
      letGo()
      const result = await running
      expect(result.code, result.stderr).toBe(0)
      const finished = result.json<Export>()
      expect(finished).toMatchObject({status: 'finished', project_id: 21})
      expect(Date.parse(finished.finished_at!)).toBeGreaterThanOrEqual(Date.parse(finished.started_at!))
      expect(result.stderr).toContain(`Created vulnerability export ${finished.id}.`)
      // no spinner without a terminal
      expect(result.stderr).not.toContain('Waiting for')
      const gets = sb.sandbox.requests.filter(r => r.method === 'GET' && r.path === `/security/vulnerability_exports/${finished.id}`)
      expect(gets.length).toBeGreaterThanOrEqual(2)
    })
  })

  it('--download FILE waits, then saves the document and says where and how big; nothing on stdout', async () => {
    const dir = tempDir()
    const target = join(dir, 'report.csv')
    const result = await sb.run(['vuln-export', 'create', '-p', '20', '--download', target, '--interval', '1'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    const saved = readFileSync(target, 'utf8')
    expect(saved.split('\n')[0]).toBe(HEADER)
    expect(result.stderr).toMatch(new RegExp(`^Saved vulnerability export \\d+ \\(${formatBytes(Buffer.byteLength(saved))}\\) to ${target.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'm'))
    expect(readdirSync(dir)).toEqual(['report.csv'])
  })

  it('a bare --download saves vulnerabilities-<id>.csv in the current folder', async () => {
    const dir = tempDir()
    const result = await sb.run(['vuln-export', 'create', '-g', 'acme', '--interval', '1', '--download'], {cwd: dir})
    expect(result.code, result.stderr).toBe(0)
    const id = Number(result.stderr.match(/Created vulnerability export (\d+)\./)![1])
    expect(readdirSync(dir)).toEqual([`vulnerabilities-${id}.csv`])
  })

  it('refuses a second export while the first one for the same project runs: 429, exit 7', async () => {
    const admin: SandboxRunOptions = {as: 'admin'}
    await withJobDelay(LONG, async () => {
      await create(['-p', '21'], admin)
      const {result, requests} = await sb.runCounted(['vuln-export', 'create', '-p', 'acme/website', '--retries', '0'], admin)
      expect(result.code).toBe(7)
      expect(requests).toBe(1)
      expect(result.stderr).toMatch(/^Error: 429 Too Many Requests: Your previous project vulnerability export is still in progress/)
      // POST is retried on 429 (the server did nothing): still refused after the retries
      const retried = await sb.runCounted(['vuln-export', 'create', '-p', '21', '--retries', '2'], admin)
      expect(retried.result.code).toBe(7)
      expect(retried.requests).toBe(3)
      // the same user on a group, another user on the same project: not in the way
      await create(['-g', 'acme'], admin)
      await create(['-p', '21'], {as: 'owner'})
    })
  })

  it('refuses PDF while the vulnerabilities_pdf_export flag is off (403, exit 5), and makes one once it is on', async () => {
    const refused = await sb.run(['vuln-export', 'create', '-p', '21', '--format', 'pdf'])
    expect(refused.code).toBe(5)
    expect(refused.stderr).toContain('403 Forbidden: PDF export is not available: the vulnerabilities_pdf_export feature flag is disabled')
    await setFeature('vulnerabilities_pdf_export', true)
    try {
      const dir = tempDir()
      const result = await sb.run(['vuln-export', 'create', '-p', '21', '--format', 'pdf', '--download', dir, '--interval', '1'])
      expect(result.code, result.stderr).toBe(0)
      const [file] = readdirSync(dir)
      expect(file).toMatch(/^vulnerabilities-\d+\.pdf$/)
      expect(readFileSync(join(dir, file!), 'utf8')).toMatch(/^%PDF-/)
      // the platform e-mails PDF exports unless told otherwise
      expect(await create(['-g', 'acme', '--format', 'pdf'])).toMatchObject({format: 'pdf', group_id: 10})
    } finally {
      await setFeature('vulnerabilities_pdf_export', false)
    }
  })

  it('needs Developer on the project or group: 403 for a Reporter or an outsider, 404 for a private project they cannot see', async () => {
    const reporter = await sb.run(['vuln-export', 'create', '-p', '20'], {as: 'reporter'})
    expect(reporter.code).toBe(5)
    expect(reporter.stderr).toMatch(/^Error: 403 Forbidden/)
    const outsiderPublic = await sb.run(['vuln-export', 'create', '-p', 'opensource/tool'], {as: 'outsider'})
    expect(outsiderPublic.code).toBe(5)
    const outsiderGroup = await sb.run(['vuln-export', 'create', '-g', 'opensource'], {as: 'outsider'})
    expect(outsiderGroup.code).toBe(5)
    const hidden = await sb.run(['vuln-export', 'create', '-p', 'acme/website'], {as: 'outsider'})
    expect(hidden.code).toBe(3)
  })

  it('answers 401 without a token (exit 4)', async () => {
    const result = await sb.run(['vuln-export', 'create', '-p', '20'], {as: null})
    expect(result.code).toBe(4)
    expect(result.stderr).toContain('401 Unauthorized')
    const raw = await fetch(`${sb.url}/api/v4/security/vulnerability_exports/1`)
    expect(raw.status).toBe(401)
  })

  it('checks its inputs before sending anything (exit 2)', async () => {
    const dir = tempDir()
    const list = join(dir, 'list.json')
    writeFileSync(list, '[{"svg": "<svg/>"}]')
    const broken = join(dir, 'broken.json')
    writeFileSync(broken, '{"svg": ')
    const charts = join(dir, 'charts.json')
    writeFileSync(charts, '{"project_vulnerabilities_history": {"svg": "<svg/>"}}')
    for (const [args, message] of [
      [['-p', '20', '-g', 'acme'], 'give either --project or --group, not both'],
      [['-p', '20', '--format', 'xlsx'], 'Error: --format "xlsx": must be one of csv, pdf'],
      [['-p', '20', '--format', ''], 'Error: --format "": must not be empty'],
      [['--report-data-file', charts], '--report-data applies to project (-p) and group (-g) exports only'],
      [['--report-data', '{"a": {}}'], '--report-data applies to project (-p) and group (-g) exports only'],
      [['-p', '20', '--report-data-file', list], `Error: --report-data-file ${list}: must be a JSON object mapping report components to assets`],
      [['-g', 'acme', '--report-data-file', broken], `Error: --report-data-file ${broken}: must be valid JSON`],
      [['-g', 'acme', '--report-data', ''], 'Error: --report-data "": must not be empty'],
      [['-g', 'acme', '--report-data', '{}', '--report-data-file', charts], '--report-data and --report-data-file cannot be used together'],
      [['-p', '20', '--report-data-file', join(dir, 'missing.json')], `cannot read --report-data-file ${join(dir, 'missing.json')}: ENOENT`],
    ] as Array<[string[], string]>) {
      const {result, requests} = await sb.runCounted(['vuln-export', 'create', ...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toContain(message)
      expect(requests).toBe(0)
    }
    for (const verb of ['get', 'wait', 'download']) {
      const {result, requests} = await sb.runCounted(['vuln-export', verb, 'twelve'])
      expect(result.code, verb).toBe(2)
      expect(result.stderr).toContain('EXPORT_ID "twelve": must be a positive whole number')
      expect(requests).toBe(0)
    }
  })

  it('--report-data takes the JSON object on the command line, as --report-data-file takes it from a file', async () => {
    const {result, requests} = await sb.runCounted(['vuln-export', 'create', '-g', 'acme', '--report-data', '{"group_vulnerabilities_over_time": {"svg": "<svg/>"}}', '--dry-run'])
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain('{"report_data":{"group_vulnerabilities_over_time":{"svg":"<svg/>"}}}')
  })

  it('--dry-run shows the request with report_data, sends nothing, and does not wait', async () => {
    const dir = tempDir()
    const data = join(dir, 'report.json')
    writeFileSync(data, JSON.stringify({project_vulnerabilities_history: {svg: '<svg>chart</svg>'}}))
    const {result, requests} = await sb.runCounted(['vuln-export', 'create', '-p', '20', '--format', 'pdf', '--no-send-email', '--report-data-file', data, '--download', '--dry-run'])
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/security/projects/20/vulnerability_exports`)
    expect(result.stderr).toContain('{"export_format":"pdf","send_email":false,"report_data":{"project_vulnerabilities_history":{"svg":"<svg>chart</svg>"}}}')
    expect(result.stderr).not.toContain(TOKENS.developer)
    expect(result.stdout).toBe('')
  })
})

describe('vuln-export get, wait and download', () => {
  it('create → get (202, "not finished") → wait → download: the CSV as the server sends it', async () => {
    const dir = tempDir()
    // unfinished for as long as two commands take, however slow the machine; then the clock runs again
    const created = await heldExports(async () => {
      const created = await create(['-p', '20'])
      const got = await sb.run(['vuln-export', 'get', String(created.id), '--json'])
      expect(got.code).toBe(0)
      expect(got.json()).toEqual(created)
      expect(got.stderr).toContain(`Vulnerability export ${created.id} is not finished yet (status created); wait for it with \`forgectl vuln-export wait ${created.id}\`.`)
      const early = await sb.run(['vuln-export', 'download', String(created.id), join(dir, 'early.csv')])
      expect(early.code).toBe(3)
      expect(early.stderr).toMatch(/^Error: 404 Not Found: Vulnerability Export Not Found \(GET .*\); an export can be downloaded once it is finished: --wait waits for it\n$/)
      expect(readdirSync(dir)).toEqual([])
      return created
    })
    const waited = await sb.run(['vuln-export', 'wait', String(created.id), '--interval', '1', '--json'])
    expect(waited.code, waited.stderr).toBe(0)
    expect(waited.json<Export>()).toMatchObject({id: created.id, status: 'finished'})
    expect(waited.json<Export>().finished_at).not.toBeNull()
    const again = await sb.run(['vuln-export', 'get', String(created.id), '--json'])
    expect(again.stderr).toBe('')
    expect(again.json()).toEqual(waited.json())
    expect(again.json()).toEqual((await sb.api('GET', `/security/vulnerability_exports/${created.id}`)).body)

    const target = join(dir, 'api.csv')
    const result = await sb.run(['vuln-export', 'download', String(created.id), target])
    expect(result.code, result.stderr).toBe(0)
    const bytes = readFileSync(target, 'utf8')
    expect(bytes).toBe((await rawDownload(plainId(created.id))).text)
    expect(bytes.split('\n')[0]).toBe(HEADER)
    const [header, ...rows] = parseCsv(bytes)
    expect(header).toEqual(HEADER.split(','))
    expect(rows.every(row => row.length === header!.length)).toBe(true)
    expect(rows.every(row => row[1] === 'api')).toBe(true)
    const sqli = rows.find(row => row[2] === 'sast')!
    const cell = (name: string) => sqli[header!.indexOf(name)]
    expect(cell('Details')).toBe('User input reaches a raw SQL query, without escaping, in the "search" endpoint.')
    expect(cell('Comments')).toContain('fix planned\n2026-01-13')
    expect(JSON.parse(cell('Location')!)).toEqual({file: 'app/models/search.rb', start_line: 42, end_line: 44})
    expect(cell('Detected At')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/)
    expect(cell('Severity')).toBe('high')
    // quoted because of the comma and the quotes, exactly as RFC 4180 writes it
    expect(bytes).toContain(',"User input reaches a raw SQL query, without escaping, in the ""search"" endpoint.",')
  })

  it('download - streams the CSV to stdout and nothing else', async () => {
    const {id} = await create(['-g', 'acme', '--wait', '--interval', '1'])
    const result = await sb.run(['vuln-export', 'download', String(id), '-'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe((await rawDownload(plainId(id))).text)
    expect(result.stderr).toBe('')
    // the group export covers the projects of acme and its subgroups
    const projects = new Set(
      parseCsv(result.stdout)
        .slice(1)
        .map(row => row[1]),
    )
    expect(projects).toEqual(new Set(['api', 'website']))
  })

  it('download --wait waits for the export first, then saves it as vulnerabilities-<id>.csv in a folder', async () => {
    const dir = tempDir()
    await withJobDelay(1200, async () => {
      const {id} = await create(['-p', '21'])
      const result = await sb.run(['vuln-export', 'download', String(id), dir + '/', '--wait', '--interval', '1'])
      expect(result.code, result.stderr).toBe(0)
      const [file] = readdirSync(dir)
      expect(file).toBe(`vulnerabilities-${id}.csv`)
      expect(result.stderr).toMatch(new RegExp(`^Saved vulnerability export ${id} \\(.+\\) to ${join(dir, file!).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'm'))
    })
  })

  it('wait gives up after --wait-timeout with exit 8', async () => {
    await withJobDelay(LONG, async () => {
      const {id} = await create(['-g', 'acme/platform'])
      const result = await sb.run(['vuln-export', 'wait', String(id), '--wait-timeout', '1', '--interval', '1'])
      expect(result.code).toBe(8)
      // created until its job starts, then running: which one the last poll saw is the machine's pace
      expect(result.stderr).toMatch(new RegExp(`gave up waiting for vulnerability export ${id} after 1s \\(last status: (created|running)\\)`))
      expect(result.stdout).toBe('')
    })
  })

  it('an export that ends failed exits 9, not the 8 of a timeout, and leaves no file', async () => {
    const dir = tempDir()
    const features = sb.sandbox.store.options.features
    features.add(FAIL_FEATURE)
    try {
      const result = await sb.run(['vuln-export', 'create', '-p', '20', '--download', dir + '/', '--interval', '1'])
      expect(result.code, result.stderr).toBe(9)
      expect(result.stderr).toMatch(/^Error: vulnerability export \d+ failed: the server reports status failed/m)
      expect(result.stdout).toBe('')
      expect(readdirSync(dir)).toEqual([])
    } finally {
      features.delete(FAIL_FEATURE)
    }
  })

  it("an export is its author's only: the platform's 403 to anyone else, an administrator too, said as such (exit 5)", async () => {
    const {id} = await create(['-p', '20', '--wait', '--interval', '1'], {as: 'owner'})
    expect((await rawDownload(plainId(id), 'owner')).status).toBe(200)
    const attempts: Array<[SandboxRunOptions['as'], string[]]> = [
      ['developer', ['get', String(id)]],
      ['developer', ['wait', String(id), '--interval', '1']],
      ['developer', ['download', String(id), '-']],
      ['admin', ['get', String(id)]],
    ]
    for (const [as, args] of attempts) {
      const result = await sb.run(['vuln-export', ...args], {as})
      expect(result.code, `${as} ${args[0]}`).toBe(5)
      expect(result.stderr.split('\n')[0]).toBe(`Error: vulnerability export ${id} is another user's: an export is readable by its author only (the server answered 403)`)
      expect(result.stdout).toBe('')
    }
  })

  it("an instance export covers the caller's projects only: an outsider gets the header alone", async () => {
    const {id} = await create(['--wait', '--interval', '1'], {as: 'outsider'})
    const result = await sb.run(['vuln-export', 'download', String(id), '-'], {as: 'outsider'})
    expect(result.stdout).toBe(HEADER + '\n')
  })

  it('a download cut short leaves nothing under the final name and no temporary file', async () => {
    const {id} = await create(['-p', '21', '--wait', '--interval', '1'])
    const dir = tempDir()
    sb.sandbox.faults.push({path: `^/security/vulnerability_exports/${id}/download$`, kind: 'truncate', times: 2})
    try {
      const result = await sb.run(['vuln-export', 'download', String(id), join(dir, 'cut.csv'), '--retries', '1'])
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(/^Error: download of .*cut\.csv (failed|ended)/)
      expect(readdirSync(dir)).toEqual([])
    } finally {
      sb.sandbox.faults.splice(0)
    }
  })

  it('a large export (20,000 generated rows) arrives whole', async () => {
    await sb.withOptions({vulnerabilityExportRows: 20_000}, async () => {
      const {id} = await create(['-p', '21', '--wait', '--interval', '1'])
      const dir = tempDir()
      const result = await sb.run(['vuln-export', 'download', String(id), join(dir, 'big.csv')])
      expect(result.code, result.stderr).toBe(0)
      const lines = readFileSync(join(dir, 'big.csv'), 'utf8').trimEnd().split('\n')
      expect(lines[0]).toBe(HEADER)
      expect(lines).toHaveLength(1 + 2 + 20_000)
      expect(lines.at(-1)).toMatch(/^Bench,bench-0,sast,Semgrep,detected,Generated finding 20000,/)
    })
  })
})

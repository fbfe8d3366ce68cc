// Contract: the sandbox's project relations export as the platform serves it (issue 34). Each fact names
// the platform file (gitlabhq/gitlabhq) it was read from. The sandbox's clock is pinned for the whole file
// (store.nowMs()): an export's entries are read at chosen moments of its jobs, never at whatever a loaded
// machine reaches. With d = 9000 ms, the first relation (labels) is picked up 100 ms after a start and
// finishes at 4200 ms; the last (snippets) finishes at 9000 ms.
import {gunzipSync} from 'node:zlib'
import {describe, expect, it} from 'vitest'
import type {SeedRole} from '../../src/sandbox/seed.js'
import {pinnedClock} from '../helpers/pinned-clock.js'
import {useSandbox} from '../helpers/sandbox.js'

const d = 9000
const sb = useSandbox({jobDelayMs: d})
const clock = pinnedClock(sb, '2026-06-01T00:00:00.000Z')

interface Batch {
  status: number
  batch_number: number
  objects_count: number
  error: string | null
  updated_at: string
}
interface Entry {
  relation: string
  status: number
  error: string | null
  updated_at: string
  batched: boolean
  batches_count: number
  total_objects_count: number
  batches?: Batch[]
}

const base = (project: number) => `/projects/${project}/export_relations`
const start = (project: number, body: Record<string, unknown> = {}, as: SeedRole = 'maintainer') => sb.api<{message: string}>('POST', base(project), {as, body})
const status = (project: number, as: SeedRole = 'maintainer') => sb.api<Entry[]>('GET', `${base(project)}/status`, {as})
const statusOf = (project: number, relation: string, as: SeedRole = 'maintainer') => sb.api<Entry & {message?: string}>('GET', `${base(project)}/status?relation=${relation}`, {as})
const download = (project: number, query: string) =>
  fetch(`${sb.url}/api/v4${base(project)}/download?${query}`, {headers: {'PRIVATE-TOKEN': 'sandbox-maintainer-token'}}).then(async response => ({
    status: response.status,
    disposition: response.headers.get('content-disposition'),
    bytes: Buffer.from(await response.arrayBuffer()),
  }))
const json = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as unknown
/** every job of every export so far has ended */
const settle = () => {
  clock.now += 2 * d
}

describe('who may (lib/api/project_export.rb: authorize_admin_project)', () => {
  it('takes Maintainers and above; 403 for a Developer, 404 for a non-member of a private project', async () => {
    expect((await status(20, 'developer')).status).toBe(403)
    expect((await start(20, {}, 'developer')).status).toBe(403)
    expect((await status(20, 'outsider')).body).toEqual({message: '404 Project Not Found'})
    expect((await status(20, 'owner')).status).toBe(200)
  })
})

describe('POST /projects/:id/export_relations (app/services/bulk_imports/export_service.rb)', () => {
  it('answers 202 with the accepted message and only schedules: nothing changes until a job picks a relation up', async () => {
    const answer = await start(23)
    expect(answer).toMatchObject({status: 202, body: {message: '202 Accepted'}})
    expect((await status(23)).body).toEqual([])
    clock.now += 100
    expect((await status(23)).body.map(e => [e.relation, e.status])).toEqual([['labels', 0]])
    settle()
  })

  it('reads batched as a Boolean', async () => {
    expect(await start(23, {batched: 'maybe'})).toMatchObject({status: 400, body: {error: 'batched is invalid'}})
  })
})

describe('GET .../status (lib/api/entities/bulk_imports/export_status.rb, app/models/bulk_imports/export.rb)', () => {
  it('shows each relation with status 0 while its job runs and 1 once finished, total_objects_count counted at the finish', async () => {
    settle()
    const from = clock.now
    await start(20)
    clock.now = from + 200
    const labels = (await statusOf(20, 'labels')).body
    expect(labels).toMatchObject({relation: 'labels', status: 0, error: null, batched: false, batches_count: 0, total_objects_count: 0})
    expect(labels).not.toHaveProperty('batches')
    expect(labels.updated_at).toBe(new Date(from + 100).toISOString())
    clock.now = from + d
    const done = (await status(20)).body
    expect(done.every(e => e.status === 1)).toBe(true)
    expect(done.find(e => e.relation === 'labels')).toMatchObject({total_objects_count: 4, updated_at: new Date(from + 4200).toISOString()})
  })

  it('with a relation answers that one record, not a list, and 404 "Export not found" while the user has none', async () => {
    settle()
    expect((await statusOf(20, 'issues')).body).toMatchObject({relation: 'issues', status: 1})
    expect(await statusOf(24, 'issues', 'owner')).toMatchObject({status: 404, body: {message: 'Export not found'}})
  })

  it("shows a user the exports they started only (the record's for_user scope)", async () => {
    settle()
    // acme/website (21) was exported by its Maintainer; its Owner sees none of that, and starts their own
    expect((await status(21)).body.length).toBeGreaterThan(0)
    expect((await status(21, 'owner')).body).toEqual([])
    await start(21, {}, 'owner')
    clock.now += d
    expect((await status(21, 'owner')).body.every(e => e.status === 1)).toBe(true)
  })

  it('a failed relation is status -1 with the error the job wrote', async () => {
    settle()
    sb.sandbox.store.options.features.add('relations_export_fail_milestones')
    try {
      await start(20)
    } finally {
      sb.sandbox.store.options.features.clear()
    }
    clock.now += d
    const failed = (await statusOf(20, 'milestones')).body
    expect(failed.status).toBe(-1)
    expect(failed.error).toEqual(expect.any(String))
    expect((await download(20, 'relation=milestones')).status).toBe(404)
  })
})

describe('a second start (app/workers/bulk_imports/relation_export_worker.rb: deduplicate :until_executed)', () => {
  it('leaves a relation whose job is still queued or running to that job, and exports again one whose job has ended', async () => {
    settle()
    const first = clock.now
    await start(24, {}, 'owner')
    // 5 s in: labels (done at 4.2 s) has ended; issues (done at 5.4 s) still runs
    clock.now = first + 5000
    await start(24, {}, 'owner')
    clock.now = first + 5000 + 200
    const labels = (await statusOf(24, 'labels', 'owner')).body
    expect(labels.status).toBe(0)
    expect(Date.parse(labels.updated_at)).toBe(first + 5000 + 100)
    // issues stays with the first start's job, which finishes at its own time
    clock.now = first + 5400
    expect((await statusOf(24, 'issues', 'owner')).body).toMatchObject({status: 1, updated_at: new Date(first + 5400).toISOString()})
  })
})

describe('batched exports (app/services/bulk_imports/batched_relation_export_service.rb, relation_batch_export_service.rb)', () => {
  it('puts every relation with objects in batches, however few, counting its objects at the start', async () => {
    settle()
    const from = clock.now
    await start(22, {batched: true}, 'owner')
    clock.now = from + 200
    const early = (await statusOf(22, 'labels', 'owner')).body
    expect(early).toMatchObject({batched: true, batches_count: 1, total_objects_count: 4})
    // a batch counts its objects once it has finished (0 while it runs)
    expect(early.batches).toEqual([expect.objectContaining({batch_number: 1, status: 0, objects_count: 0})])
    clock.now = from + d
    const entries = (await status(22, 'owner')).body
    expect(entries.every(e => e.batched && e.batches_count === e.batches?.length)).toBe(true)
    const issues = entries.find(e => e.relation === 'issues')!
    expect(issues.batches!.map(b => [b.status, b.objects_count])).toEqual([
      [1, 5],
      [1, 5],
      [1, 2],
    ])
  })
})

describe('GET .../download (lib/api/project_export.rb, lib/api/validations/validators/project_portable.rb)', () => {
  it('serves a finished relation as gzip of NDJSON named <relation>.ndjson.gz', async () => {
    settle()
    await start(20)
    clock.now += d
    const file = await download(20, 'relation=labels')
    expect(file.status).toBe(200)
    expect(file.disposition).toContain('filename="labels.ndjson.gz"')
    expect(gunzipSync(file.bytes).toString('utf8').trim().split('\n')).toHaveLength(4)
  })

  it('refuses a name that is no relation of a project (400 "is not portable"), and batched without batch_number or the reverse (all_or_none_of)', async () => {
    expect(await download(20, 'relation=no_such_thing').then(r => json(r.bytes))).toEqual({error: 'relation is not portable'})
    expect(await download(20, 'relation=labels&batched=true').then(r => json(r.bytes))).toEqual({error: 'batched, batch_number provide all or none of parameters'})
    expect(await download(20, 'relation=labels&batch_number=1').then(r => json(r.bytes))).toEqual({error: 'batched, batch_number provide all or none of parameters'})
  })

  it("answers in the endpoint's own words, without a status prefix: no export, no file yet, batched or not", async () => {
    settle()
    // a relation the user never exported
    const fresh = await sb.api('GET', `${base(20)}/download?relation=labels`, {as: 'owner'})
    expect(fresh).toMatchObject({status: 404, body: {message: 'Export not found'}})
    // the job removes the previous file when it picks the relation up: 404 until the new one is there
    const from = clock.now
    await start(20)
    expect((await download(20, 'relation=labels')).status).toBe(200)
    clock.now = from + 200
    expect(json((await download(20, 'relation=labels')).bytes)).toEqual({message: 'Export file not found'})
    clock.now = from + d
    expect(json((await download(20, 'relation=labels&batched=true&batch_number=1')).bytes)).toEqual({message: 'Export is not batched'})
    // a batched export's relation is served batch by batch
    settle()
    await start(20, {batched: true})
    clock.now += d
    expect(json((await download(20, 'relation=issues')).bytes)).toEqual({message: 'Export is batched'})
    expect(json((await download(20, 'relation=issues&batched=true&batch_number=4')).bytes)).toEqual({message: 'Batch not found'})
    const batch = await download(20, 'relation=issues&batched=true&batch_number=3')
    expect(batch.status).toBe(200)
    // each batch's upload keeps the relation's file name
    expect(batch.disposition).toContain('filename="issues.ndjson.gz"')
    expect(gunzipSync(batch.bytes).toString('utf8').trim().split('\n')).toHaveLength(2)
  })

  it('a batch not finished yet has no file (404 "Batch file not found")', async () => {
    settle()
    const from = clock.now
    await start(20, {batched: true})
    clock.now = from + 200
    expect(json((await download(20, 'relation=issues&batched=true&batch_number=3')).bytes)).toEqual({message: 'Batch file not found'})
    settle()
  })
})

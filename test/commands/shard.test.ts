// --shard I/N on the fan-outs (issue 29, point 4): three jobs over one file create every label once
// between them; a bad value is refused before anything is sent.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const dir = mkdtempSync(join(tmpdir(), 'forgectl-shard-'))

interface Row {
  item: string
  status: string
}

describe('--shard', () => {
  it('three jobs over one --from-file create every label exactly once between them', async () => {
    const names = Array.from({length: 30}, (_, i) => `shard-${i}`)
    const file = join(dir, 'labels.csv')
    writeFileSync(file, `name,color\n${names.map(n => `${n},red`).join('\n')}\n`)
    const jobs = await Promise.all([1, 2, 3].map(i => sb.run(['labels', 'create', '--from-file', file, '-p', '20', '--shard', `${i}/3`, '--json'])))
    const seen: string[] = []
    for (const job of jobs) {
      expect(job.code, job.stderr).toBe(0)
      const rows = job.json<Row[]>()
      expect(rows.every(r => r.status === 'created')).toBe(true)
      // each job is a share, not the whole
      expect(rows.length).toBeLessThan(names.length)
      expect(job.stderr).toBe(`${rows.length} targets: ${rows.length} done.\n`)
      seen.push(...rows.map(r => r.item))
    }
    expect(seen.sort()).toEqual([...names].sort())
    const labels = (await sb.api<Array<{name: string}>>('GET', '/projects/20/labels?per_page=100')).body.map(l => l.name)
    for (const name of names) expect(labels.filter(l => l === name)).toHaveLength(1)
  })

  it('deploy-keys add over several -p: each project in one shard only, reported as a share', async () => {
    const projects = ['acme/platform/api', 'acme/platform/web', 'acme/tools', '20', '21']
    const shards = await Promise.all(
      [1, 2].map(i =>
        sb.run(
          [
            'deploy-keys',
            'add',
            '--title',
            'fleet',
            '--key',
            'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl fleet',
            '-p',
            projects.join(','),
            '--shard',
            `${i}/2`,
            '--dry-run',
            '--json',
          ],
          {as: 'maintainer'},
        ),
      ),
    )
    const items = shards.flatMap(s => s.json<Row[]>().map(r => r.item))
    expect(items.sort()).toEqual(projects.map(p => `project ${p}`).sort())
  })

  it.each(['0/3', '4/3', 'half'])('--shard %s is refused with exit 2, nothing sent', async value => {
    const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', join(dir, 'labels.csv'), '-p', '20', '--shard', value])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(new RegExp(`^Error: --shard "${value}": must be I/N, this job's number from 1 to N and the number of jobs`))
    expect(requests).toBe(0)
  })

  it('--shard without a list to share is refused', async () => {
    const result = await sb.run(['labels', 'create', 'x', '--color', 'red', '-p', '20', '--shard', '1/2'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--from-file')
  })
})

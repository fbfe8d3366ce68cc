import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox({seedLabels: 45})

describe('api', () => {
  it('GETs any path and prints the JSON body', async () => {
    const result = await sb.run(['api', 'GET', '/user'])
    expect(result.code).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', '/user')).body)
  })

  it('accepts the path with or without /api/v4 and the method in any case', async () => {
    const result = await sb.run(['api', 'get', 'api/v4/projects/acme%2Fplatform%2Fapi/labels/bug'])
    expect(result.code).toBe(0)
    expect(result.json()).toMatchObject({name: 'bug'})
  })

  it('sends -f fields as a JSON body on POST, and -F typed fields', async () => {
    const result = await sb.run(['api', 'POST', '/projects/20/labels', '-f', 'name=from-api', '-f', 'color=#00ff00', '-F', 'priority=4'])
    expect(result.code).toBe(0)
    expect(result.json()).toMatchObject({name: 'from-api', color: '#00ff00', priority: 4})
    expect(sb.sandbox.requests.at(-1)?.contentType).toContain('application/json')
  })

  it('sends -f fields as the query on GET', async () => {
    const result = await sb.run(['api', 'GET', '/projects/20/labels', '-f', 'search=from-api'])
    expect(result.json<Array<{name: string}>>().map(l => l.name)).toEqual(['from-api'])
  })

  it('takes a JSON body from --input (file or stdin)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-api-'))
    writeFileSync(join(dir, 'body.json'), JSON.stringify({name: 'from-file', color: 'red'}))
    const fromFile = await sb.run(['api', 'POST', '/projects/20/labels', '--input', join(dir, 'body.json')])
    expect(fromFile.json()).toMatchObject({name: 'from-file'})
    const fromStdin = await sb.run(['api', 'POST', '/projects/20/labels', '--input', '-'], {stdin: '{"name": "from-stdin", "color": "blue"}'})
    expect(fromStdin.json()).toMatchObject({name: 'from-stdin'})
  })

  it('--all follows every page', async () => {
    const result = await sb.run(['api', 'GET', '/projects/21/labels', '--all', '--per-page', '10'])
    expect(result.json<unknown[]>()).toHaveLength(46)
  })

  it('reports server errors with status and message, and no body on stdout', async () => {
    const result = await sb.run(['api', 'DELETE', '/projects/20/labels/nope'])
    expect(result.code).toBe(3)
    expect(result.stderr).toBe('Error: 404 Not Found: Label Not Found (DELETE /api/v4/projects/20/labels/nope)\n')
    expect(result.stdout).toBe('')
  })

  it('reports an empty success on stderr', async () => {
    await sb.run(['api', 'POST', '/projects/20/labels', '-f', 'name=gone', '-f', 'color=red'])
    const result = await sb.run(['api', 'DELETE', '/projects/20/labels/gone'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('204')
  })

  it('--download streams the body to a file and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forgectl-dl-'))
    const target = join(dir, 'labels.json')
    const result = await sb.run(['api', 'GET', '/projects/20/labels', '--download', target])
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`to ${target}`)
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual((await sb.api('GET', '/projects/20/labels')).body)
    expect(readdirSync(dir)).toEqual(['labels.json'])
  })

  it('rejects an unknown method before sending anything', async () => {
    let code = 0
    const requests = await sb.countRequests(async () => {
      code = (await sb.run(['api', 'FETCH', '/user'])).code
    })
    expect(code).toBe(2)
    expect(requests).toBe(0)
  })
})

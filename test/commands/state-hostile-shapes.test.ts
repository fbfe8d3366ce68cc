// A list the platform never answers, for the sections of issue 37: a field a section reads of every
// record in another shape (a protected tag's rules not a list or missing, a mirror's or hook's URL not a
// text). Each was a TypeError the user read ("(rules ?? []).filter is not a function", "Cannot read
// properties of undefined (reading 'length')", "url.replace is not a function"); each is refused in
// forgectl's words by readAll (read-all.ts), before anything is sent.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

const folder = mkdtempSync(join(tmpdir(), 'forgectl-state-hostile-shapes-'))
const servers: HostileServer[] = []
afterAll(async () => void (await Promise.all(servers.map(server => server.close()))))

/** a server with one project, acme/website, whose `list` answers `records`; writes answer 200 */
async function serverListing(list: string, records: unknown[]): Promise<HostileServer> {
  const server = await startHostileServer((req, res) => {
    const url = req.url ?? ''
    if (req.method !== 'GET') return answers.json(200, {})(req, res)
    if (url.startsWith(`/api/v4/projects/acme%2Fwebsite/${list}`)) return answers.json(200, records)(req, res)
    if (url.startsWith('/api/v4/projects/acme%2Fwebsite')) return answers.json(200, {id: 1, path_with_namespace: 'acme/website'})(req, res)
    return answers.json(404, {message: '404 Not Found'})(req, res)
  })
  servers.push(server)
  return server
}

const run = (server: HostileServer, args: string[]) => runCli(args, {env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: 'glpat-hostile-state-0123', FORGECTL_CONFIG_DIR: freshConfigDir()}})

describe('a field a section reads, in a shape the API never answers', () => {
  it.each([
    {
      what: "a protected tag's rules as a text",
      list: 'protected_tags',
      records: [{name: 'v*', create_access_levels: 'x'}],
      body: 'protected_tags:\n      v*: {create_access_level: developer}\n',
      field: 'create_access_levels',
      shape: 'a list',
    },
    {
      what: "a protected tag's rules missing",
      list: 'protected_tags',
      records: [{name: 'v*'}],
      body: 'protected_tags:\n      v*: {create_access_level: developer}\n',
      field: 'create_access_levels',
      shape: 'a list',
    },
    {what: "a mirror's URL as a number", list: 'remote_mirrors', records: [{id: 3, url: 5}], body: 'remote_mirrors:\n      - {url: "https://h.example.com/x.git"}\n', field: 'url', shape: 'a text'},
    {what: "a hook's URL as a number", list: 'hooks', records: [{id: 3, url: 5}], body: 'hooks:\n      - {url: "https://h.example.com/x"}\n', field: 'url', shape: 'a text'},
  ])('$what is refused in forgectl words, nothing sent', async ({list, records, body, field, shape}) => {
    const server = await serverListing(list, records)
    const file = join(folder, `${list}-${records.length}-${field}-${Math.random().toString(36).slice(2)}.yaml`)
    writeFileSync(file, `version: 1\nprojects:\n  acme/website:\n    ${body}`)
    const applied = await run(server, ['apply', '-f', file, '--yes'])
    expect([applied.code, applied.stderr]).toEqual([
      1,
      `Error: the server listed a record whose ${field} is not ${shape} (GET /api/v4/projects/acme%2Fwebsite/${list}), as every record of the API has it: nothing was changed\n`,
    ])
    expect(server.requests.filter(request => request.method !== 'GET')).toEqual([])
  })
})

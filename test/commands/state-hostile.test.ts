// plan and apply against a server that answers what the API never would (issue 28, the attack): a
// listed record without its name, the same record listed twice. What a change addresses must be
// known for certain, or nothing is sent.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {freshConfigDir, runCli} from '../helpers/cli.js'
import {answers, type HostileServer, startHostileServer} from '../helpers/hostile-server.js'

const folder = mkdtempSync(join(tmpdir(), 'forgectl-state-hostile-'))
const servers: HostileServer[] = []
afterAll(async () => void (await Promise.all(servers.map(server => server.close()))))

/** a server with one project, acme/website, whose labels list is `labels`; writes answer 200 */
async function serverListing(labels: unknown[]): Promise<HostileServer> {
  const server = await startHostileServer((req, res) => {
    const url = req.url ?? ''
    if (req.method !== 'GET') return answers.json(200, {})(req, res)
    if (url.startsWith('/api/v4/projects/acme%2Fwebsite/labels')) return answers.json(200, labels)(req, res)
    if (url.startsWith('/api/v4/projects/acme%2Fwebsite')) return answers.json(200, {id: 1, path_with_namespace: 'acme/website'})(req, res)
    return answers.json(404, {message: '404 Not Found'})(req, res)
  })
  servers.push(server)
  return server
}

const PRUNE = join(folder, 'prune.yaml')
writeFileSync(PRUNE, 'version: 1\nprojects:\n  acme/website:\n    labels:\n      keep: {color: "#ffffff"}\n    prune: [labels]\n')

const run = (server: HostileServer, args: string[]) => runCli(args, {env: {FORGECTL_HOST: server.url, FORGECTL_TOKEN: 'glpat-hostile-state-0123', FORGECTL_CONFIG_DIR: freshConfigDir()}})

const writes = (server: HostileServer) => server.requests.filter(request => request.method !== 'GET').map(request => `${request.method} ${request.url}`)

describe('a list the API would never answer', () => {
  it('a record without its name is refused, not planned as a delete of labels/undefined', async () => {
    const server = await serverListing([{name: 'keep', color: '#ffffff'}, {color: '#000000'}])
    const plan = await run(server, ['plan', '-f', PRUNE])
    expect(plan.code).toBe(1)
    expect(plan.stderr).toBe('Error: the server listed a record without its name (GET /api/v4/projects/acme%2Fwebsite/labels), which every record of the API has: nothing was changed\n')
    expect(plan.stdout).not.toContain('undefined')
    const apply = await run(server, ['apply', '-f', PRUNE, '--yes'])
    expect(apply.code).toBe(1)
    expect(writes(server)).toEqual([])
  })

  it('the same name listed twice is refused: an update of one would leave the other, and prune would pass both over', async () => {
    const server = await serverListing([
      {name: 'keep', color: '#ffffff'},
      {name: 'keep', color: '#000000'},
    ])
    const apply = await run(server, ['apply', '-f', PRUNE, '--yes'])
    expect(apply.code).toBe(1)
    expect(apply.stderr).toBe('Error: the server lists labels keep of project acme/website twice, so a change could not tell which it addresses: nothing was changed\n')
    expect(writes(server)).toEqual([])
  })

  it("a feature flag without its state is refused in forgectl's words, and one without gates is read as having none (it was a TypeError)", async () => {
    const server = await startHostileServer((req, res) => {
      if ((req.url ?? '').startsWith('/api/v4/features')) return answers.json(200, [{name: 'x', state: 'conditional', gates: null}, {name: 'y'}])(req, res)
      return answers.json(404, {message: '404 Not Found'})(req, res)
    })
    servers.push(server)
    const file = join(folder, 'features.yaml')
    writeFileSync(file, 'version: 1\ninstance:\n  features:\n    x: true\n')
    const plan = await run(server, ['plan', '-f', file])
    expect(plan.code).toBe(1)
    expect(plan.stderr).toBe('Error: the server listed a record without its state (GET /api/v4/features), which every record of the API has: nothing was changed\n')
    server.answer(answers.json(200, [{name: 'x', state: 'conditional', gates: null}]))
    const exported = await run(server, ['export', '--instance', '--sections', 'features'])
    expect(exported.stderr).toBe('Warning: left out instance features x: a state file cannot express it.\n')
    expect(exported.code).toBe(0)
  })

  it("a project or group answered without its full path is refused in forgectl's words (it was a TypeError)", async () => {
    const server = await startHostileServer((req, res) => {
      const url = req.url ?? ''
      if (url.startsWith('/api/v4/groups/acme')) return answers.json(200, {id: 5})(req, res)
      return answers.json(200, {id: 1})(req, res)
    })
    servers.push(server)
    const plan = await run(server, ['plan', '-f', PRUNE])
    expect([plan.code, plan.stderr]).toEqual([
      1,
      'Error: the server answered GET /api/v4/projects/acme%2Fwebsite without its path_with_namespace, which every record of the API has: nothing was changed\n',
    ])
    const groups = await run(server, ['export', '-g', 'acme/*'])
    expect([groups.code, groups.stderr]).toEqual([1, 'Error: the server answered GET /api/v4/groups/acme without its full_path, which every record of the API has: nothing was changed\n'])
  })

  it('export writes a variable whose value the server hides as {env: STATE_<scope>_KEY}, not leaving it out without a word', async () => {
    const server = await startHostileServer((req, res) => {
      if ((req.url ?? '').includes('/variables')) {
        return answers.json(200, [{key: 'HIDDEN_PLAIN', value: null, masked: false, protected: false, variable_type: 'env_var', environment_scope: '*'}])(req, res)
      }
      return answers.json(200, {id: 1, path_with_namespace: 'acme/website'})(req, res)
    })
    servers.push(server)
    const exported = await run(server, ['export', '-p', 'acme/website', '--sections', 'variables', '--json'])
    expect([exported.code, exported.stderr]).toEqual([0, ''])
    expect(exported.json<{projects: Record<string, unknown>}>().projects).toEqual({'acme/website': {variables: {HIDDEN_PLAIN: {env: 'STATE_ACME_WEBSITE_HIDDEN_PLAIN'}}}})
  })
})

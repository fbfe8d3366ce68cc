import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {ProjectCluster as Cluster} from '../../src/api/clusters.js'
import {TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'
import {TerminalSession} from '../helpers/terminal.js'

const sb = useSandbox()
const dir = mkdtempSync(join(tmpdir(), 'forgectl-clusters-'))
const PEM =
  '-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\nRTESMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYD\n-----END CERTIFICATE-----\n'
const caFile = join(dir, 'ca.pem')
writeFileSync(caFile, PEM)
const SECRET = 'orchestrator-secret-value-7f3a'

/** the seeded clusters of acme/platform/api, by name, as the API lists them */
async function seeded(name: string): Promise<Cluster> {
  const list = await sb.api<Cluster[]>('GET', '/projects/20/clusters', {as: 'maintainer'})
  return list.body.find(c => c.name === name)!
}

describe('clusters: deprecated, and said so', () => {
  it('marks the topic and every command deprecated in --help', async () => {
    const topic = await sb.run(['clusters', '--help'])
    expect(topic.code).toBe(0)
    expect(topic.stdout).toContain('(deprecated since 14.5)')
    for (const verb of ['add', 'delete', 'get', 'list', 'update']) expect(topic.stdout).toMatch(new RegExp(`clusters ${verb}\\s+[^\\n]*(\\n\\s+[^\\n]*)?\\(deprecated\\)`))
    const command = await sb.run(['clusters', 'list', '--help'])
    expect(command.stdout).toContain('Certificate-based clusters are deprecated since release 14.5 of the platform.')
  })

  it('warns on stderr only, in one line of its own voice, even with -q: stdout stays pure JSON', async () => {
    const warningLine = 'Warning: Certificate-based clusters are deprecated since release 14.5 of the platform.\n'
    const result = await sb.run(['clusters', 'list', '-p', '20', '--json'], {as: 'maintainer'})
    expect(result.code).toBe(0)
    expect(() => result.json()).not.toThrow()
    expect(result.stdout).not.toContain('deprecated')
    expect(result.stderr).toBe(warningLine)
    const quiet = await sb.run(['clusters', 'list', '-p', '20', '-q'], {as: 'maintainer'})
    expect(quiet.stdout).toMatch(/^(\d+\n)+$/)
    expect(quiet.stderr).toBe(warningLine)
  })
})

describe('clusters list and get', () => {
  it('lists exactly the API JSON, without `project` and without any token', async () => {
    const result = await sb.run(['clusters', 'list', '-p', 'acme/platform/api', '--json'], {as: 'maintainer'})
    expect(result.code).toBe(0)
    const api = await sb.api<Cluster[]>('GET', '/projects/20/clusters', {as: 'maintainer'})
    expect(result.json()).toEqual(api.body)
    const clusters = result.json<Cluster[]>()
    expect(clusters.map(c => c.name)).toEqual(expect.arrayContaining(['production', 'gke-staging']))
    for (const c of clusters) {
      expect(c).not.toHaveProperty('project')
      expect(c.platform_orchestrator).not.toHaveProperty('token')
      expect(c).toMatchObject({platform_type: 'orchestrator', cluster_type: 'project_type'})
    }
    expect(result.stdout).not.toMatch(/seed-orchestrator-token/)
  })

  it('prints a table with the default columns', async () => {
    const result = await sb.run(['clusters', 'list', '-p', '20', '-o', 'table'], {as: 'maintainer'})
    expect(result.stdout.split('\n')[0]).toMatch(/^id\s+name\s+enabled\s+managed\s+environment_scope\s+provider_type\s+platform_orchestrator\.api_url/)
    expect(result.stdout).toMatch(/gke-staging\s+true\s+true\s+staging\s+gcp\s+https:\/\/35\.200\.10\.20/)
  })

  it('gets one cluster with its project and management project, equal to the API', async () => {
    const production = await seeded('production')
    const result = await sb.run(['clusters', 'get', String(production.id), '-p', '20', '--json'], {as: 'maintainer'})
    expect(result.code).toBe(0)
    const api = await sb.api<Cluster>('GET', `/projects/20/clusters/${production.id}`, {as: 'maintainer'})
    expect(result.json()).toEqual(api.body)
    const cluster = result.json<Cluster>()
    expect(cluster.project).toMatchObject({id: 20, namespace: {full_path: 'acme/platform'}})
    expect(cluster.management_project).toMatchObject({id: 21, path_with_namespace: 'acme/website'})
    expect(cluster.platform_orchestrator).toEqual({
      api_url: 'https://orchestrator.acme.example.com:6443',
      namespace: 'api-production',
      authorization_type: 'rbac',
      ca_cert: expect.stringContaining('BEGIN CERTIFICATE'),
    })
  })

  it('answers 403 below Maintainer (exit 5), 404 for a hidden project (exit 3) and for an unknown cluster (exit 3)', async () => {
    const developer = await sb.run(['clusters', 'list', '-p', '20'], {as: 'developer'})
    expect(developer.code).toBe(5)
    expect(developer.stderr).toContain('Error: 403 Forbidden (GET /api/v4/projects/20/clusters)')
    const outsider = await sb.run(['clusters', 'list', '-p', '20'], {as: 'outsider'})
    expect(outsider.code).toBe(3)
    expect(outsider.stderr).toContain('404 Not Found: Project Not Found')
    const unknown = await sb.run(['clusters', 'get', '999999', '-p', '20'], {as: 'maintainer'})
    expect(unknown.code).toBe(3)
    expect(unknown.stderr).toContain('404 Not Found: Not found (GET /api/v4/projects/20/clusters/999999)')
    const badId = await sb.runCounted(['clusters', 'get', 'abc', '-p', '20'], {as: 'maintainer'})
    expect(badId.result.code).toBe(2)
    expect(badId.requests).toBe(0)
  })
})

describe('clusters add', () => {
  it('adds a cluster with every input, nested as platform_orchestrator_attributes, and the API shows it', async () => {
    const result = await sb.run(
      [
        'clusters',
        'add',
        '-p',
        'acme/platform/api',
        '--name',
        'edge',
        '--api-url',
        'https://edge.acme.example.com:6443',
        '--orchestrator-token',
        SECRET,
        '--ca-cert-file',
        caFile,
        '--namespace',
        'edge-ns',
        '--authorization-type',
        'abac',
        '--domain',
        'edge.acme.example.com',
        '--management-project-id',
        '21',
        '--no-managed',
        '--no-enabled',
        '--environment-scope',
        'edge/*',
        '--json',
      ],
      {as: 'maintainer'},
    )
    expect(result.code, result.stderr).toBe(0)
    const cluster = result.json<Cluster>()
    expect(cluster).toMatchObject({
      name: 'edge',
      domain: 'edge.acme.example.com',
      managed: false,
      enabled: false,
      provider_type: 'user',
      environment_scope: 'edge/*',
      user: {username: 'dave'},
      management_project: {id: 21},
      platform_orchestrator: {api_url: 'https://edge.acme.example.com:6443', namespace: 'edge-ns', authorization_type: 'abac', ca_cert: PEM.trim()},
    })
    expect(cluster.project?.id).toBe(20)
    expect(result.stdout).not.toContain(SECRET)
    const api = await sb.api<Cluster>('GET', `/projects/20/clusters/${cluster.id}`, {as: 'maintainer'})
    expect(result.json()).toEqual(api.body)
  })

  it('uses the API defaults when only the required inputs are given, and reads the certificate from stdin', async () => {
    // a project without clusters: the default scope (*) is free there
    const result = await sb.run(['clusters', 'add', '-p', '21', '--name', 'minimal', '--api-url', 'http://10.0.0.5:8080', '--orchestrator-token', SECRET, '--ca-cert-file', '-', '--json'], {
      as: 'maintainer',
      stdin: PEM,
    })
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Cluster>()).toMatchObject({
      enabled: true,
      managed: true,
      environment_scope: '*',
      namespace_per_environment: true,
      domain: null,
      management_project: null,
      platform_orchestrator: {authorization_type: 'rbac', namespace: null, ca_cert: PEM.trim()},
    })
  })

  it('validates locally and sends nothing (exit 2)', async () => {
    const base = ['clusters', 'add', '-p', '20', '--name', 'x', '--orchestrator-token', SECRET]
    const cases: Array<[string[], RegExp]> = [
      [[...base, '--api-url', 'orchestrator.example.com'], /Error: --api-url "orchestrator.example.com": must be an absolute http or https URL such as https:\/\/orchestrator.example.com:6443/],
      [[...base, '--api-url', 'ftp://orchestrator.example.com'], /Error: --api-url "ftp:\/\/orchestrator.example.com": must be an absolute http or https URL/],
      [[...base, '--api-url', 'https://k.example.com', '--authorization-type', 'owner'], /Error: --authorization-type "owner": must be one of rbac, abac, unknown_authorization/],
      [[...base, '--api-url', 'https://k.example.com', '--management-project-id', '0'], /Error: --management-project-id "0": must be a whole number, 1 or more/],
      [[...base, '--api-url', 'https://k.example.com', '--management-project-id', 'web'], /Error: --management-project-id "web": must be a whole number/],
      [[...base, '--api-url', 'https://k.example.com', '--ca-cert', 'not a certificate'], /Error: --ca-cert "not a certificate": must be a PEM certificate/],
      [['clusters', 'add', '-p', '20', '--name', '', '--api-url', 'https://k.example.com', '--orchestrator-token', SECRET], /Error: --name "": must not be empty/],
      [['clusters', 'add', '-p', '20', '--name', 'x', '--api-url', 'https://k.example.com', '--orchestrator-token', ''], /Error: --orchestrator-token: must not be empty/],
      [[...base, '--api-url', 'https://k.example.com', '--domain', ''], /Error: --domain "": must not be empty/],
      [[...base, '--api-url', 'https://k.example.com', '--ca-cert', PEM, '--ca-cert-file', caFile], /--ca-cert and --ca-cert-file cannot be used together/],
      [[...base, '--api-url', 'https://k.example.com', '--ca-cert-file', join(dir, 'missing.pem')], /cannot read --ca-cert-file/],
      [['clusters', 'add', '-p', '20', '--api-url', 'https://k.example.com', '--orchestrator-token', SECRET], /Error: missing --name \(name of the cluster\)/],
      [['clusters', 'add', '-p', '20', '--name', 'x'], /Error: missing --api-url \(platform_orchestrator_attributes\[api_url\]: URL of the orchestrator API\) and --orchestrator-token \(/],
    ]
    for (const [args, message] of cases) {
      const {result, requests} = await sb.runCounted(args, {as: 'maintainer'})
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr, args.join(' ')).toMatch(message)
      expect(result.stderr).not.toContain(SECRET)
      expect(requests).toBe(0)
    }
    const notPem = join(dir, 'not.pem')
    writeFileSync(notPem, 'hello')
    const fromFile = await sb.runCounted([...base, '--api-url', 'https://k.example.com', '--ca-cert-file', notPem], {as: 'maintainer'})
    expect(fromFile.result.stderr).toContain(`Error: --ca-cert-file ${notPem}: must be a PEM certificate`)
    expect(fromFile.requests).toBe(0)
  })

  it('reports what only the server knows: a management project the caller cannot manage (400, exit 6)', async () => {
    const result = await sb.run(
      ['clusters', 'add', '-p', '20', '--name', 'x', '--api-url', 'https://k.example.com', '--orchestrator-token', SECRET, '--management-project-id', '22', '--environment-scope', 'managed'],
      {
        as: 'maintainer',
      },
    )
    expect(result.code).toBe(6)
    expect(result.stderr).toContain("400 Bad Request: management_project_id Project does not exist or you don't have permission")
  })

  it('on a terminal, asks for a missing orchestrator token with the input masked', async () => {
    const t = await TerminalSession.start(['clusters', 'add', '-p', '20', '--name', 'typed', '--api-url', 'https://typed.example.com', '--environment-scope', 'typed', '--json'], {
      FORGECTL_HOST: sb.url,
      FORGECTL_TOKEN: TOKENS.maintainer,
      FORGECTL_CONFIG_DIR: sb.configDir,
      TERM: 'xterm-256color',
    })
    try {
      await t.waitFor('Token to authenticate to the orchestrator')
      await t.type(SECRET)
      await t.waitFor('*****')
      await t.press('Enter')
      expect(await t.exitCode()).toBe(0)
      expect(await t.screen()).not.toContain(SECRET)
    } finally {
      await t.close()
    }
    expect((await sb.api<Cluster[]>('GET', '/projects/20/clusters', {as: 'maintainer'})).body.map(c => c.name)).toContain('typed')
  })

  it('never shows the orchestrator token in --dry-run or --verbose output', async () => {
    const args = ['clusters', 'add', '-p', '20', '--name', 'traced', '--api-url', 'https://k.example.com', '--orchestrator-token', SECRET, '--environment-scope', 'traced']
    const dry = await sb.runCounted([...args, '--dry-run'], {as: 'maintainer'})
    expect(dry.requests).toBe(0)
    expect(dry.result.code).toBe(0)
    expect(dry.result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/projects/20/clusters/user`)
    expect(dry.result.stderr).toContain('"platform_orchestrator_attributes":{"api_url":"https://k.example.com","token":"[REDACTED]"}')
    expect(dry.result.stderr + dry.result.stdout).not.toContain(SECRET)
    expect(dry.result.stderr + dry.result.stdout).not.toContain('sandbox-maintainer-token')

    const verbose = await sb.run([...args, '--verbose', '--json'], {as: 'maintainer'})
    expect(verbose.code).toBe(0)
    expect(verbose.stderr).toContain('"token":"[REDACTED]"')
    expect(verbose.stderr).toMatch(/< 201 Created/)
    expect(verbose.stderr + verbose.stdout).not.toContain(SECRET)
    expect(verbose.json<Cluster>().name).toBe('traced')
  })
})

describe('clusters update', () => {
  it('changes a cluster added through the API, token included, and the API shows it', async () => {
    const production = await seeded('production')
    const result = await sb.run(
      [
        'clusters',
        'update',
        String(production.id),
        '-p',
        '20',
        '--name',
        'prod',
        '--api-url',
        'https://new.acme.example.com',
        '--orchestrator-token',
        SECRET,
        '--ca-cert',
        PEM,
        '--namespace',
        'prod-ns',
        '--environment-scope',
        'production',
        '--verbose',
        '--json',
      ],
      {as: 'maintainer'},
    )
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`> PUT ${sb.url}/api/v4/projects/20/clusters/${production.id}`)
    expect(result.stderr + result.stdout).not.toContain(SECRET)
    expect(result.json<Cluster>()).toMatchObject({
      name: 'prod',
      environment_scope: 'production',
      platform_orchestrator: {api_url: 'https://new.acme.example.com', namespace: 'prod-ns', ca_cert: PEM.trim()},
    })
    const api = await sb.api<Cluster>('GET', `/projects/20/clusters/${production.id}`, {as: 'maintainer'})
    expect(result.json()).toEqual(api.body)
  })

  it('refuses name, api_url, ca_cert and token for a cluster the platform created (400, exit 6), but changes the rest', async () => {
    const gke = await seeded('gke-staging')
    for (const change of [
      ['--name', 'renamed'],
      ['--api-url', 'https://k.example.com'],
      ['--ca-cert', PEM],
      ['--orchestrator-token', SECRET],
    ]) {
      const refused = await sb.run(['clusters', 'update', String(gke.id), '-p', '20', ...change], {as: 'maintainer'})
      expect(refused.code, change[0]).toBe(6)
      // the name validator's and the platform model's own words
      expect(refused.stderr).toMatch(/400 Bad Request: (name +can not be changed because it's synchronized with provider|platform_orchestrator\.base Cannot modify managed orchestrator cluster)/)
      expect(refused.stderr).not.toContain(SECRET)
    }
    const result = await sb.run(['clusters', 'update', String(gke.id), '-p', '20', '--no-enabled', '--domain', 'staging.acme.example.com', '--json'], {as: 'maintainer'})
    expect(result.code).toBe(0)
    expect(result.json<Cluster>()).toMatchObject({name: 'gke-staging', enabled: false, domain: 'staging.acme.example.com', provider_type: 'gcp'})
  })

  it('needs at least one change and valid inputs, sending nothing otherwise (exit 2)', async () => {
    const gke = await seeded('gke-staging')
    for (const [args, message] of [
      [[], /nothing to change: give at least one of --name/],
      [['--api-url', 'not a url'], /Error: --api-url "not a url": must be an absolute http or https URL/],
      [['--ca-cert', 'nope'], /Error: --ca-cert "nope": must be a PEM certificate/],
      [['--name', ''], /Error: --name "": must not be empty/],
      [['--environment-scope', ''], /Error: --environment-scope "": must not be empty/],
      [['--orchestrator-token', ''], /Error: --orchestrator-token: must not be empty/],
      [['--authorization-type', 'abac'], /unknown flag --authorization-type/],
    ] as Array<[string[], RegExp]>) {
      const {result, requests} = await sb.runCounted(['clusters', 'update', String(gke.id), '-p', '20', ...args], {as: 'maintainer'})
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toMatch(message)
      expect(requests).toBe(0)
    }
  })

  it('clears the domain and the namespace with "" (the platform takes a blank one)', async () => {
    const added = await sb.api<Cluster>('POST', '/projects/20/clusters/user', {
      as: 'maintainer',
      body: {
        name: 'to-clear',
        domain: 'clear.acme.example.com',
        environment_scope: 'clear',
        platform_orchestrator_attributes: {api_url: 'https://k.example.com', token: SECRET, namespace: 'clear-ns'},
      },
    })
    expect(added.body).toMatchObject({domain: 'clear.acme.example.com', platform_orchestrator: {namespace: 'clear-ns'}})
    const args = ['clusters', 'update', String(added.body.id), '-p', '20', '--domain', '', '--namespace', '']
    const dry = await sb.runCounted([...args, '--dry-run'], {as: 'maintainer'})
    expect(dry.result.stderr).toContain('{"domain":"","namespace_per_environment":true,"platform_orchestrator_attributes":{"namespace":""}}')
    // the lookup of the cluster's namespace_per_environment alone
    expect(dry.requests).toBe(1)
    const result = await sb.run([...args, '--json'], {as: 'maintainer'})
    expect(result.code, result.stderr).toBe(0)
    const cluster = result.json<Cluster>()
    expect(cluster.domain).toBeNull()
    expect(cluster.platform_orchestrator.namespace).toBeNull()
  })

  it('keeps namespace_per_environment when the flag is not given: it reads the cluster and sends its value, since the platform would turn it on', async () => {
    const added = await sb.api<Cluster>('POST', '/projects/20/clusters/user', {
      as: 'maintainer',
      body: {name: 'shared-ns', environment_scope: 'shared', namespace_per_environment: false, platform_orchestrator_attributes: {api_url: 'https://k.example.com', token: SECRET}},
    })
    expect(added.body.namespace_per_environment).toBe(false)
    const result = await sb.run(['clusters', 'update', String(added.body.id), '-p', '20', '--no-enabled', '--json'], {as: 'maintainer'})
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<Cluster>()).toMatchObject({enabled: false, namespace_per_environment: false})
    const on = await sb.run(['clusters', 'update', String(added.body.id), '-p', '20', '--namespace-per-environment', '--json'], {as: 'maintainer'})
    expect(on.json<Cluster>().namespace_per_environment).toBe(true)
  })

  it('answers 403 for a Developer (exit 5)', async () => {
    const gke = await seeded('gke-staging')
    const result = await sb.run(['clusters', 'update', String(gke.id), '-p', '20', '--enabled'], {as: 'developer'})
    expect(result.code).toBe(5)
  })
})

describe('clusters delete', () => {
  it('refuses without a terminal and without --yes, sending nothing', async () => {
    const gke = await seeded('gke-staging')
    const {result, requests} = await sb.runCounted(['clusters', 'delete', String(gke.id), '-p', '20'], {as: 'maintainer'})
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`refusing to remove cluster ${gke.id} from project 20`)
    expect(result.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
  })

  it('--dry-run needs no confirmation and removes nothing', async () => {
    const gke = await seeded('gke-staging')
    const {result, requests} = await sb.runCounted(['clusters', 'delete', String(gke.id), '-p', '20', '--dry-run'], {as: 'maintainer'})
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain(`DRY RUN DELETE ${sb.url}/api/v4/projects/20/clusters/${gke.id}`)
  })

  it('removes the record with --yes; the cluster is then not found', async () => {
    const gke = await seeded('gke-staging')
    const result = await sb.run(['clusters', 'delete', String(gke.id), '-p', '20', '--yes'], {as: 'maintainer'})
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(`Removed cluster ${gke.id} from project 20: the resources inside the cluster remain.`)
    expect((await sb.api('GET', `/projects/20/clusters/${gke.id}`, {as: 'maintainer'})).status).toBe(404)
    const again = await sb.run(['clusters', 'delete', String(gke.id), '-p', '20', '--yes'], {as: 'maintainer'})
    expect(again.code).toBe(3)
  })
})

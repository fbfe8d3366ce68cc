// Contract: the sandbox's certificate-based project clusters as the platform keeps them (issue 34).
// Sources (gitlabhq/gitlabhq): lib/api/project_clusters.rb, lib/api/entities/cluster.rb,
// app/models/clusters/cluster.rb, app/models/clusters/platforms/kubernetes.rb,
// app/validators/cluster_name_validator.rb, lib/api/api.rb, spec/requests/api/project_clusters_spec.rb.
// Names follow the spec, behaviour the platform: where the platform says kubernetes
// (platform_kubernetes_attributes, platform_kubernetes, platform_type kubernetes), the spec and the
// sandbox's answers say orchestrator; the platform's word is read on input as well.
import {describe, expect, it} from 'vitest'
import type {SeedRole} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const clusters = '/projects/21/clusters'
type Answer = Record<string, unknown> & {id: number; platform_orchestrator: Record<string, unknown>; message?: unknown; error?: string}
const add = (body: Record<string, unknown>, as: SeedRole = 'maintainer') => sb.api<Answer>('POST', `${clusters}/user`, {as, body})
const change = (id: number, body: Record<string, unknown>, path = clusters) => sb.api<Answer>('PUT', `${path}/${id}`, {as: 'maintainer', body})
const platform = (extra: Record<string, unknown> = {}) => ({platform_orchestrator_attributes: {api_url: 'https://k8s.example.com', token: 'cluster-token', ...extra}})

describe('project clusters', () => {
  it("takes the attributes and answers the entity's fields: platform_orchestrator, platform_type orchestrator (the platform calls it kubernetes), provider_gcp, namespace_per_environment, a null domain (project_clusters.rb, entities/cluster.rb)", async () => {
    const {status, body} = await add({name: 'entity', environment_scope: 'entity/*', ...platform()})
    expect(status).toBe(201)
    expect(body).toMatchObject({
      name: 'entity',
      domain: null,
      enabled: true,
      managed: true,
      provider_type: 'user',
      platform_type: 'orchestrator',
      cluster_type: 'project_type',
      namespace_per_environment: true,
      provider_gcp: null,
      platform_orchestrator: {api_url: 'https://k8s.example.com', namespace: null, authorization_type: 'rbac', ca_cert: null},
    })
    expect(body).not.toHaveProperty('platform_kubernetes')
    expect(JSON.stringify(body)).not.toContain('cluster-token')
  })

  it("reads the platform's platform_kubernetes_attributes too; without either, the required hash is missing, in the spec's name (project_clusters.rb requires it)", async () => {
    const platformWords = await add({name: 'platform words', environment_scope: 'words', platform_kubernetes_attributes: {api_url: 'https://k8s.example.com', token: 't'}})
    expect(platformWords.status).toBe(201)
    expect(platformWords.body.platform_orchestrator).toMatchObject({api_url: 'https://k8s.example.com'})
    const {status, body} = await add({name: 'no attributes', environment_scope: 'none'})
    expect(status).toBe(400)
    expect(body.error).toContain('platform_orchestrator_attributes is missing')
  })

  it('a cluster the platform created answers its provider_gcp (entities/cluster.rb)', async () => {
    const list = await sb.api<Answer[]>('GET', '/projects/20/clusters', {as: 'maintainer'})
    expect(list.body.find(c => c.provider_type === 'gcp')?.provider_gcp).toMatchObject({status_name: 'created'})
  })

  it("a second cluster of the project's environment scope is refused (cluster.rb unique_environment_scope)", async () => {
    expect((await add({name: 'first', environment_scope: 'review/*', ...platform()})).status).toBe(201)
    const again = await add({name: 'second', environment_scope: 'review/*', ...platform()})
    expect(again.status).toBe(400)
    expect(again.body).toEqual({message: {environment_scope: ['cannot add duplicated environment scope']}})
  })

  it("the namespace is lower-cased, and one outside the namespace rule is the platform model's error (platforms/kubernetes.rb)", async () => {
    expect((await add({name: 'upper', environment_scope: 'upper', ...platform({namespace: 'Team-A'})})).body.platform_orchestrator.namespace).toBe('team-a')
    const bad = await add({name: 'bad ns', environment_scope: 'bad', ...platform({namespace: 'team_a'})})
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({message: {'platform_orchestrator.namespace': ["can contain only lowercase letters, digits, and '-'. Must start with a letter, and cannot end with '-'"]}})
  })

  it("a blank name of a cluster the user provides is the name validator's (cluster_name_validator.rb)", async () => {
    const blank = await add({name: ' ', environment_scope: 'blank', ...platform()})
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({message: {name: [' has to be present']}})
  })

  it('an update without namespace_per_environment sets it true: the update declares it with a default (project_clusters.rb)', async () => {
    const {body} = await add({name: 'per env', environment_scope: 'per-env', namespace_per_environment: false, ...platform()})
    expect(body.namespace_per_environment).toBe(false)
    const changed = await change(body.id, {enabled: false})
    expect(changed.body).toMatchObject({enabled: false, namespace_per_environment: true})
  })

  it('a cluster the platform created keeps its connection and its name (platforms/kubernetes.rb prevent_modification, cluster_name_validator.rb)', async () => {
    const gcp = (await sb.api<Answer[]>('GET', '/projects/20/clusters', {as: 'maintainer'})).body.find(c => c.provider_type === 'gcp')!
    const connection = await change(gcp.id, platform(), '/projects/20/clusters')
    expect(connection.status).toBe(400)
    // the model's words, in the spec's name for the platform (Kubernetes there)
    expect(connection.body).toEqual({message: {'platform_orchestrator.base': ['Cannot modify managed orchestrator cluster']}})
    const renamed = await change(gcp.id, {name: 'renamed'}, '/projects/20/clusters')
    expect(renamed.body).toEqual({message: {name: [" can not be changed because it's synchronized with provider"]}})
    // the domain and the namespace are its own to change
    expect((await change(gcp.id, {domain: 'gke.acme.example.com', platform_orchestrator_attributes: {namespace: 'gke-ns'}}, '/projects/20/clusters')).status).toBe(200)
  })

  it("a cluster not in the project is the finder's RecordNotFound: 404 Not found (project_clusters.rb cluster helper; api.rb)", async () => {
    expect((await sb.api('GET', `${clusters}/999999`, {as: 'maintainer'})).body).toEqual({message: '404 Not found'})
    const [theirs] = (await sb.api<Answer[]>('GET', '/projects/20/clusters', {as: 'maintainer'})).body
    expect((await sb.api('GET', `${clusters}/${theirs!.id}`, {as: 'maintainer'})).status).toBe(404)
  })

  it('every route needs Maintainer: a Developer is refused (project_clusters.rb authorize!, project_policy.rb)', async () => {
    expect((await sb.api('GET', clusters, {as: 'developer'})).status).toBe(403)
    expect((await add({name: 'dev', environment_scope: 'dev', ...platform()}, 'developer')).status).toBe(403)
  })
})

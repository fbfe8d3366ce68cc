// Certificate-based project clusters (document 1, "Project cluster (certificate-based)", "Project
// clusters (role: at least Maintainer)"). The spec does not show the success statuses of create, update
// and delete: the platform answers 201, 200 and 204 (no body). Names follow the spec, behaviour the
// platform (lib/api/project_clusters.rb, lib/api/entities/cluster.rb, app/models/clusters/cluster.rb,
// app/models/clusters/platforms/kubernetes.rb, test/contract/clusters.test.ts): the platform's
// platform_kubernetes_attributes is read as well as the spec's platform_orchestrator_attributes, and the
// answer and the model's errors say platform_orchestrator and orchestrator where the platform says kubernetes.
import {badRequest, created, HttpError, invalid, noContent, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, type Input, optionalBoolean, optionalInteger, optionalString, type Router} from '../router.js'
import {type SandboxProject, SEED_TIME, type Store} from '../store.js'
import {webHost, webUrl} from '../web-url.js'

const AUTHORIZATION_TYPES = ['rbac', 'abac', 'unknown_authorization'] as const
type AuthorizationType = (typeof AUTHORIZATION_TYPES)[number]

interface ClusterRecord {
  id: number
  project_id: number
  name: string
  domain: string | null
  created_at: string
  managed: boolean
  enabled: boolean
  /** `user` for clusters added through POST .../clusters/user; others (gcp, aws) were created by the platform */
  provider_type: string
  environment_scope: string
  user_id: number
  api_url: string
  /** kept, never rendered: "The access token is never returned" */
  token: string
  /** the platform's default: true, on create and (a default of the update's params too) on every update */
  namespace_per_environment: boolean
  ca_cert: string | null
  namespace: string | null
  authorization_type: AuthorizationType
  management_project_id: number | null
}

/** Clusters::Platforms::Kubernetes#prevent_modification: what a cluster the platform created keeps */
const PROVIDER_OWNED = ['api_url', 'ca_cert', 'token'] as const
/** Gitlab::Regex.kubernetes_namespace_regex and its message */
const NAMESPACE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/
const NAMESPACE_RULE = "can contain only lowercase letters, digits, and '-'. Must start with a letter, and cannot end with '-'"
const ATTRIBUTES = 'platform_orchestrator_attributes'
/** the platform's own word for the attributes (python-gitlab sends it) */
const PLATFORM_ATTRIBUTES = 'platform_kubernetes_attributes'

export const SEED_CA_CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUSandboxCertificateOnly0123456789wCgYIKoZIzj0E\n-----END CERTIFICATE-----\n'

export default function register(r: Router, store: Store): void {
  const clusters = store.slice('clusters', () => seedClusters(store))

  const projectOf = (ctx: Ctx): SandboxProject => store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
  const find = (ctx: Ctx, project: SandboxProject): ClusterRecord => {
    const cluster = clusters.get(Number(ctx.params.cluster_id))
    // the project's clusters searched with find: RecordNotFound, answered by lib/api/api.rb in its own words
    if (!cluster || cluster.project_id !== project.id) throw new HttpError(404, {message: '404 Not found'})
    return cluster
  }

  const projectDetail = (p: SandboxProject) => {
    const namespace = store.groups.get(p.namespace_id)!
    const web = webUrl(p.path_with_namespace)
    return {
      ...store.projectSummary(p),
      default_branch: p.default_branch,
      tag_list: [],
      topics: [],
      ssh_url_to_repo: `git@${webHost()}:${p.path_with_namespace}.git`,
      http_url_to_repo: `${web}.git`,
      web_url: web,
      readme_url: `${web}/-/blob/${p.default_branch}/README.md`,
      avatar_url: null,
      star_count: 0,
      forks_count: 0,
      last_activity_at: p.created_at,
      namespace: {id: namespace.id, name: namespace.name, path: namespace.path, kind: 'group', full_path: namespace.full_path, parent_id: namespace.parent_id},
    }
  }
  const render = (c: ClusterRecord, withProject: boolean) => {
    const user = store.users.get(c.user_id)
    const management = c.management_project_id === null ? undefined : store.projects.get(c.management_project_id)
    return {
      id: c.id,
      name: c.name,
      created_at: c.created_at,
      domain: c.domain,
      managed: c.managed,
      enabled: c.enabled,
      provider_type: c.provider_type,
      platform_type: 'orchestrator',
      environment_scope: c.environment_scope,
      cluster_type: 'project_type',
      namespace_per_environment: c.namespace_per_environment,
      user: user ? store.userBasic(user) : null,
      platform_orchestrator: {api_url: c.api_url, namespace: c.namespace, authorization_type: c.authorization_type, ca_cert: c.ca_cert},
      provider_gcp:
        c.provider_type === 'gcp'
          ? {cluster_id: c.id, status_name: 'created', gcp_project_id: 'acme-sandbox', zone: 'us-central1-a', machine_type: 'n1-standard-2', num_nodes: 3, endpoint: '35.200.10.20'}
          : null,
      // Entities::ProjectIdentity
      management_project: management ? store.projectSummary(management) : null,
      ...(withProject ? {project: projectDetail(store.projects.get(c.project_id)!)} : {}),
    }
  }

  const attributesOf = (ctx: Ctx): Input | undefined => {
    const value = ctx.input[ATTRIBUTES] ?? ctx.input[PLATFORM_ATTRIBUTES]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(`${ATTRIBUTES} is invalid`)
    return value as Input
  }
  /** the model's rules for a namespace: lower-cased, blank is none, then its format */
  const namespaceOf = (attributes: Input): string | null | undefined => {
    const value = optionalString(attributes, 'namespace')?.toLowerCase()
    if (value === undefined) return undefined
    if (value.trim() === '') return null
    if (value.length > 63 || !NAMESPACE.test(value)) throw invalid(400, {'platform_orchestrator.namespace': [...(value.length > 63 ? ['is too long (maximum is 63 characters)'] : []), NAMESPACE_RULE]})
    return value
  }
  /** Clusters::Cluster#unique_environment_scope: one cluster per environment scope in a project */
  const assertFreeScope = (projectId: number, scope: string, except?: ClusterRecord) => {
    if ([...clusters.values()].some(c => c !== except && c.project_id === projectId && c.environment_scope === scope)) {
      throw invalid(400, {environment_scope: ['cannot add duplicated environment scope']})
    }
  }
  const checkApiUrl = (url: string) => {
    let parsed: URL | undefined
    try {
      parsed = new URL(url)
    } catch {
      // reported below
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
      throw invalid(400, {'platform_orchestrator.api_url': ['is blocked: Only allowed schemes are http, https']})
    }
  }
  const managementProject = (ctx: Ctx): number | undefined => {
    const id = optionalInteger(ctx.input, 'management_project_id')
    if (id === undefined) return undefined
    const project = store.projects.get(id)
    if (!project || store.projectRole(project, ctx.user) < 40) {
      throw invalid(400, {management_project_id: ["Project does not exist or you don't have permission to perform this action"]})
    }
    return id
  }
  const authorizationType = (attributes: Input): AuthorizationType | undefined => {
    const value = optionalString(attributes, 'authorization_type')
    if (value !== undefined && !(AUTHORIZATION_TYPES as readonly string[]).includes(value)) {
      throw badRequest(`${ATTRIBUTES}[authorization_type] does not have a valid value`)
    }
    return value as AuthorizationType | undefined
  }

  r.get('/projects/:id/clusters', ctx => {
    const project = projectOf(ctx)
    return paginate(
      ctx,
      [...clusters.values()].filter(c => c.project_id === project.id),
      c => render(c, false),
    )
  })

  r.get('/projects/:id/clusters/:cluster_id', ctx => ok(render(find(ctx, projectOf(ctx)), true)))

  r.post('/projects/:id/clusters/user', ctx => {
    const project = projectOf(ctx)
    const attributes = attributesOf(ctx)
    const missing = [
      ...(ctx.input.name === undefined ? ['name is missing'] : []),
      ...(attributes === undefined ? [`${ATTRIBUTES} is missing`] : []),
      ...(['api_url', 'token'] as const).filter(field => attributes?.[field] === undefined).map(field => `${ATTRIBUTES}[${field}] is missing`),
    ]
    if (missing.length > 0) throw badRequest(missing.join(', '))
    if (optionalString(attributes!, 'api_url')!.trim() === '') throw badRequest(`${ATTRIBUTES}[api_url] is empty`)
    const name = optionalString(ctx.input, 'name')!
    // ClusterNameValidator, for a cluster the user provides
    if (name.trim() === '') throw invalid(400, {name: [' has to be present']})
    const apiUrl = optionalString(attributes!, 'api_url')!
    const token = optionalString(attributes!, 'token')!.trim()
    if (token === '') throw invalid(400, {'platform_orchestrator.token': ["can't be blank"]})
    checkApiUrl(apiUrl)
    const environmentScope = optionalString(ctx.input, 'environment_scope') ?? '*'
    assertFreeScope(project.id, environmentScope)
    const cluster: ClusterRecord = {
      id: store.nextId(),
      project_id: project.id,
      name,
      domain: optionalString(ctx.input, 'domain') ?? null,
      created_at: store.now(),
      managed: optionalBoolean(ctx.input, 'managed') ?? true,
      enabled: optionalBoolean(ctx.input, 'enabled') ?? true,
      provider_type: 'user',
      environment_scope: environmentScope,
      namespace_per_environment: optionalBoolean(ctx.input, 'namespace_per_environment') ?? true,
      user_id: ctx.user!.id,
      api_url: apiUrl,
      token,
      ca_cert: optionalString(attributes!, 'ca_cert')?.trim() || null,
      namespace: namespaceOf(attributes!) ?? null,
      authorization_type: authorizationType(attributes!) ?? 'rbac',
      management_project_id: managementProject(ctx) ?? null,
    }
    clusters.set(cluster.id, cluster)
    return created(render(cluster, true))
  })

  r.put('/projects/:id/clusters/:cluster_id', ctx => {
    const cluster = find(ctx, projectOf(ctx))
    const attributes = attributesOf(ctx) ?? {}
    const name = optionalString(ctx.input, 'name')
    const apiUrl = optionalString(attributes, 'api_url')
    const token = optionalString(attributes, 'token')?.trim()
    const caCert = optionalString(attributes, 'ca_cert')?.trim()
    if (cluster.provider_type === 'user') {
      if (name !== undefined && name.trim() === '') throw invalid(400, {name: [' has to be present']})
    } else {
      // a cluster the platform created keeps its name (synchronized with the provider) and its connection
      if (name !== undefined && name !== cluster.name) throw invalid(400, {name: [" can not be changed because it's synchronized with provider"]})
      const changed = {api_url: apiUrl, token, ca_cert: caCert}
      if (PROVIDER_OWNED.some(field => changed[field] !== undefined && changed[field] !== (cluster[field] ?? ''))) {
        throw invalid(400, {'platform_orchestrator.base': ['Cannot modify managed orchestrator cluster']})
      }
    }
    if (apiUrl !== undefined) checkApiUrl(apiUrl)
    if (token === '') throw invalid(400, {'platform_orchestrator.token': ["can't be blank"]})
    const management = managementProject(ctx)
    const environmentScope = optionalString(ctx.input, 'environment_scope')
    if (environmentScope !== undefined) assertFreeScope(cluster.project_id, environmentScope, cluster)
    Object.assign(
      cluster,
      dropUndefined({
        name,
        domain: cleared(optionalString(ctx.input, 'domain')),
        enabled: optionalBoolean(ctx.input, 'enabled'),
        managed: optionalBoolean(ctx.input, 'managed'),
        environment_scope: environmentScope,
        // the update's params default it to true: an update that does not send it sets it
        namespace_per_environment: optionalBoolean(ctx.input, 'namespace_per_environment') ?? true,
        management_project_id: management,
        api_url: apiUrl,
        token,
        ca_cert: caCert === undefined ? undefined : caCert || null,
        namespace: namespaceOf(attributes),
      }),
    )
    return ok(render(cluster, true))
  })

  r.delete('/projects/:id/clusters/:cluster_id', ctx => {
    const cluster = find(ctx, projectOf(ctx))
    clusters.delete(cluster.id)
    return noContent()
  })
}

/** the platform takes a blank domain or namespace on an update: the field is then unset */
const cleared = (value: string | undefined): string | null | undefined => (value === '' ? null : value)

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))
}

/** acme/platform/api has one cluster added through the API and one the platform created on a cloud provider */
function seedClusters(store: Store): Map<number, ClusterRecord> {
  const clusters = new Map<number, ClusterRecord>()
  const add = (fields: Partial<ClusterRecord> & Pick<ClusterRecord, 'name' | 'project_id' | 'api_url'>) => {
    const id = store.nextId()
    clusters.set(id, {
      id,
      domain: null,
      created_at: SEED_TIME,
      managed: true,
      enabled: true,
      provider_type: 'user',
      environment_scope: '*',
      namespace_per_environment: true,
      user_id: 5,
      token: `seed-orchestrator-token-${id}`,
      ca_cert: null,
      namespace: null,
      authorization_type: 'rbac',
      management_project_id: null,
      ...fields,
    })
  }
  add({
    name: 'production',
    project_id: 20,
    api_url: 'https://orchestrator.acme.example.com:6443',
    domain: 'apps.acme.example.com',
    ca_cert: SEED_CA_CERT,
    namespace: 'api-production',
    management_project_id: 21,
  })
  add({name: 'gke-staging', project_id: 20, api_url: 'https://35.200.10.20', provider_type: 'gcp', environment_scope: 'staging', managed: true, user_id: 2})
  return clusters
}

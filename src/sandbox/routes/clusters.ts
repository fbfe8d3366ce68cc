// Certificate-based project clusters (document 1, "Project cluster (certificate-based)", "Project
// clusters (role: at least Maintainer)"). The spec does not show the success statuses of create, update
// and delete: the platform answers 201, 200 and 204 (no body).
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, type Input, optionalBoolean, optionalInteger, optionalString, type Router, requireString} from '../router.js'
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
  ca_cert: string | null
  namespace: string | null
  authorization_type: AuthorizationType
  management_project_id: number | null
}

/** "name, api_url, ca_cert and token can be updated only when the cluster was added through ... the POST endpoint" */
const USER_PROVIDED_ONLY = ['name', 'api_url', 'ca_cert', 'token'] as const

export const SEED_CA_CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUSandboxCertificateOnly0123456789wCgYIKoZIzj0E\n-----END CERTIFICATE-----\n'

export default function register(r: Router, store: Store): void {
  const clusters = store.slice('clusters', () => seedClusters(store))

  const projectOf = (ctx: Ctx): SandboxProject => store.projectFor(ctx.params.id!, ctx.user, 'maintainer')
  const find = (ctx: Ctx, project: SandboxProject): ClusterRecord => {
    const cluster = clusters.get(Number(ctx.params.cluster_id))
    if (!cluster || cluster.project_id !== project.id) throw notFound('Cluster')
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
      ...(c.domain === null ? {} : {domain: c.domain}),
      created_at: c.created_at,
      managed: c.managed,
      enabled: c.enabled,
      provider_type: c.provider_type,
      platform_type: 'orchestrator',
      environment_scope: c.environment_scope,
      cluster_type: 'project_type',
      user: user ? store.userBasic(user) : null,
      platform_orchestrator: {api_url: c.api_url, namespace: c.namespace, authorization_type: c.authorization_type, ca_cert: c.ca_cert},
      management_project: management ? store.projectSummary(management) : null,
      ...(withProject ? {project: projectDetail(store.projects.get(c.project_id)!)} : {}),
    }
  }

  const attributesOf = (ctx: Ctx): Input => {
    // the platform's own word (python-gitlab and gitbeaker send it) is accepted as well as the spec's
    const value = ctx.input.platform_orchestrator_attributes ?? ctx.input.platform_kubernetes_attributes
    if (value === undefined || value === null) return {}
    if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('platform_orchestrator_attributes is invalid')
    return value as Input
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
      throw badRequest('platform_orchestrator_attributes[authorization_type] does not have a valid value')
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
    const name = requireString(ctx.input, 'name')
    const required = (field: 'api_url' | 'token') => {
      const value = optionalString(attributes, field)
      if (value === undefined || value === '') throw badRequest(`platform_orchestrator_attributes[${field}] is missing`)
      return value
    }
    const apiUrl = required('api_url')
    const token = required('token')
    checkApiUrl(apiUrl)
    const cluster: ClusterRecord = {
      id: store.nextId(),
      project_id: project.id,
      name,
      domain: optionalString(ctx.input, 'domain') ?? null,
      created_at: store.now(),
      managed: optionalBoolean(ctx.input, 'managed') ?? true,
      enabled: optionalBoolean(ctx.input, 'enabled') ?? true,
      provider_type: 'user',
      environment_scope: optionalString(ctx.input, 'environment_scope') ?? '*',
      user_id: ctx.user!.id,
      api_url: apiUrl,
      token,
      ca_cert: optionalString(attributes, 'ca_cert') ?? null,
      namespace: optionalString(attributes, 'namespace') ?? null,
      authorization_type: authorizationType(attributes) ?? 'rbac',
      management_project_id: managementProject(ctx) ?? null,
    }
    clusters.set(cluster.id, cluster)
    return created(render(cluster, true))
  })

  r.put('/projects/:id/clusters/:cluster_id', ctx => {
    const cluster = find(ctx, projectOf(ctx))
    const attributes = attributesOf(ctx)
    const given: Input = {...attributes, name: ctx.input.name}
    if (cluster.provider_type !== 'user') {
      const locked = USER_PROVIDED_ONLY.filter(field => given[field] !== undefined)
      if (locked.length > 0) {
        throw invalid(400, `${locked.join(', ')} can be updated only for clusters added through the add-existing-cluster option or the API (this cluster's provider is ${cluster.provider_type})`)
      }
    }
    const apiUrl = optionalString(attributes, 'api_url')
    if (apiUrl !== undefined) checkApiUrl(apiUrl)
    const name = optionalString(ctx.input, 'name')
    if (name === '') throw invalid(400, {name: ["can't be blank"]})
    const management = managementProject(ctx)
    Object.assign(
      cluster,
      dropUndefined({
        name,
        domain: cleared(optionalString(ctx.input, 'domain')),
        enabled: optionalBoolean(ctx.input, 'enabled'),
        managed: optionalBoolean(ctx.input, 'managed'),
        environment_scope: optionalString(ctx.input, 'environment_scope'),
        management_project_id: management,
        api_url: apiUrl,
        token: optionalString(attributes, 'token'),
        ca_cert: optionalString(attributes, 'ca_cert'),
        namespace: cleared(optionalString(attributes, 'namespace')),
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

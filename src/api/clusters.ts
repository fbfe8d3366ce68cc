// Certificate-based orchestrator clusters of a project (document 1, "Project cluster (certificate-based)",
// "Project clusters"): /projects/:id/clusters. "Project clusters (all tiers, deprecated in release 14.5)".
// Names follow the spec (platform_orchestrator_attributes in a request, platform_orchestrator and
// platform_type orchestrator in an answer; the platform calls them kubernetes), behaviour the platform
// (lib/api/project_clusters.rb, lib/api/entities/cluster.rb; test/contract/clusters.test.ts).

import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, custom, declare, integer, optional, RuleBroken, text, url, type Values} from '../core/input/input.js'
import {collection} from './collection.js'
import type {ProjectSummary, UserBasic} from './common.js'
import {fieldList} from './record-fields.js'

/** "authorization_type (rbac, abac, unknown_authorization)" */
export const AUTHORIZATION_TYPES = ['rbac', 'abac', 'unknown_authorization'] as const
export type AuthorizationType = (typeof AUTHORIZATION_TYPES)[number]

/** shown by `--help` of every clusters command and, on stderr, when one runs */
export const CLUSTERS_DEPRECATION = {
  message: 'Certificate-based clusters are deprecated since release 14.5 of the platform.',
}

export type ClusterUser = UserBasic

export interface OrchestratorPlatform {
  api_url: string
  namespace: string | null
  authorization_type: AuthorizationType
  ca_cert: string | null
}

/** a cluster the platform created on Google's cloud (Entities::Provider::Gcp) */
export interface GcpProvider {
  cluster_id: ApiId
  status_name: string
  gcp_project_id: string
  zone: string
  machine_type: string
  num_nodes: number
  endpoint: string | null
}

export type ClusterManagementProject = ProjectSummary

export interface ClusterProject extends ClusterManagementProject {
  default_branch: string | null
  /** deprecated: use topics */
  tag_list: string[]
  topics: string[]
  ssh_url_to_repo: string
  http_url_to_repo: string
  web_url: string
  readme_url: string | null
  avatar_url: string | null
  star_count: number
  forks_count: number
  last_activity_at: string
  namespace: {id: ApiId; name: string; path: string; kind: string; full_path: string; parent_id: ApiId | null}
}

export interface ProjectCluster {
  id: ApiId
  name: string
  /** base domain */
  domain: string | null
  created_at: string
  managed: boolean
  enabled: boolean
  /** observed value: user */
  provider_type: string
  /** observed value: orchestrator */
  platform_type: string
  environment_scope: string
  /** observed value: project_type */
  cluster_type: string
  /** each environment deploys to a namespace of its own */
  namespace_per_environment: boolean
  user: ClusterUser
  /** "The access token is never returned" */
  platform_orchestrator: OrchestratorPlatform
  /** null unless the platform created the cluster on Google's cloud */
  provider_gcp: GcpProvider | null
  management_project: ClusterManagementProject | null
  /** "only in single-cluster read, create and update responses" */
  project?: ClusterProject
}
export const CLUSTER_FIELDS = fieldList<ProjectCluster>()([
  'id',
  'name',
  'domain',
  'created_at',
  'managed',
  'enabled',
  'provider_type',
  'platform_type',
  'environment_scope',
  'cluster_type',
  'namespace_per_environment',
  'user',
  'platform_orchestrator',
  'provider_gcp',
  'management_project',
  'project',
])

export const CLUSTER_COLUMNS = ['id', 'name', 'enabled', 'managed', 'environment_scope', 'provider_type', 'platform_orchestrator.api_url'] as const

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----/
const PEM_RULE = 'a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)'

/** "ca_cert (string, TLS certificate)": a PEM certificate (or chain), sent as read */
const caCert = custom<string>({
  file: true,
  helpValue: 'PEM',
  hint: PEM_RULE,
  description: 'platform_orchestrator_attributes[ca_cert]: PEM certificate, needed when the orchestrator API uses a self-signed one',
  parse: value => {
    if (!PEM_CERTIFICATE.test(value)) throw new RuleBroken(`must be ${PEM_RULE}`)
    return value
  },
})

const ORCHESTRATOR = 'platform_orchestrator_attributes'

/**
 * POST /projects/:id/clusters/user. Declared flat, as the command line names them; the API function
 * nests api_url, token, ca_cert, namespace and authorization_type under platform_orchestrator_attributes.
 * The order is the order of a request body and of the "nothing to change" message.
 */
export const NEW_CLUSTER = declare({
  name: text({required: true, description: 'name of the cluster'}),
  domain: text({description: 'base domain of the cluster'}),
  management_project_id: integer({min: 1, description: 'ID of the project that manages the cluster'}),
  enabled: boolean({description: 'make the cluster active or (--no-enabled) inactive (API default: active)'}),
  managed: boolean({description: 'let the platform manage namespaces and service accounts (API default: yes)'}),
  environment_scope: text({description: 'environments the cluster serves, one cluster per scope in a project (API default: *; Premium)'}),
  namespace_per_environment: boolean({description: 'deploy each environment to a namespace of its own (API default: yes)'}),
  api_url: url({required: true, example: 'https://orchestrator.example.com:6443', description: `${ORCHESTRATOR}[api_url]: URL of the orchestrator API`}),
  // the cluster's own service token: --token stays the access token of the connection
  token: text({required: true, secret: true, flag: 'orchestrator-token', helpValue: 'TOKEN', description: `${ORCHESTRATOR}[token]: token to authenticate to the orchestrator`}),
  ca_cert: caCert,
  namespace: text({description: `${ORCHESTRATOR}[namespace]: namespace for the deployments`}),
  authorization_type: choice(AUTHORIZATION_TYPES, {description: `${ORCHESTRATOR}[authorization_type] (API default: rbac)`}),
})
export type NewCluster = Values<typeof NEW_CLUSTER>

/**
 * PUT /projects/:id/clusters/:cluster_id: all optional, no authorization_type. The platform takes a
 * blank domain and namespace (it clears them); a blank name or environment scope it refuses.
 */
export const CLUSTER_CHANGES = declare({
  name: optional(NEW_CLUSTER.name, {description: 'new name (only for clusters added through the API)'}),
  domain: optional(NEW_CLUSTER.domain, {empty: 'clears'}),
  management_project_id: NEW_CLUSTER.management_project_id,
  enabled: NEW_CLUSTER.enabled,
  managed: NEW_CLUSTER.managed,
  environment_scope: optional(NEW_CLUSTER.environment_scope, {description: 'environments the cluster serves (Premium)'}),
  namespace_per_environment: optional(NEW_CLUSTER.namespace_per_environment, {description: 'deploy each environment to a namespace of its own (kept as it is when not given)'}),
  api_url: optional(NEW_CLUSTER.api_url),
  token: optional(NEW_CLUSTER.token, {description: `${ORCHESTRATOR}[token]: new token for the orchestrator`}),
  ca_cert: NEW_CLUSTER.ca_cert,
  namespace: optional(NEW_CLUSTER.namespace, {empty: 'clears'}),
})
export type ClusterChanges = Values<typeof CLUSTER_CHANGES>

const ORCHESTRATOR_FIELDS: ReadonlySet<string> = new Set(['api_url', 'token', 'ca_cert', 'namespace', 'authorization_type'])

/** the request body: the orchestrator's fields nested, as the API expects them */
function clusterBody(values: ClusterChanges | NewCluster): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  const attributes: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(values)) (ORCHESTRATOR_FIELDS.has(field) ? attributes : body)[field] = value
  return Object.keys(attributes).length > 0 ? {...body, [ORCHESTRATOR]: attributes} : body
}

const clusters = collection<{parent: string; item: ProjectCluster}>(project => apiPath`/projects/${project}/clusters`)

export const listClusters = (project: string) => clusters.list(project)
export const getCluster = clusters.get
/** "POST /projects/:id/clusters/user": adds an existing cluster */
export function addCluster(api: ApiClient, project: string, cluster: NewCluster): Promise<ProjectCluster> {
  return api.post<ProjectCluster>(`${clusters.path(project)}/user`, clusterBody(cluster))
}

/**
 * The platform's update declares namespace_per_environment with a default of true, so an update that
 * leaves it out turns it on (lib/api/project_clusters.rb): without the flag the cluster is read first (a
 * lookup, sent under --dry-run too) and its own value sent with the change.
 */
export async function updateCluster(api: ApiClient, project: string, id: Id, changes: ClusterChanges): Promise<ProjectCluster> {
  const namespace_per_environment =
    changes.namespace_per_environment ?? (await api.request<ProjectCluster>({method: 'GET', path: clusters.member(project, id), lookup: true})).data.namespace_per_environment
  return api.put<ProjectCluster>(clusters.member(project, id), clusterBody({...changes, namespace_per_environment}))
}

/** "removes the record only; resources inside the connected cluster remain" */
export const deleteCluster = clusters.remove

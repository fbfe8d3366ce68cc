// Certificate-based orchestrator clusters of a project (document 1, "Project cluster (certificate-based)",
// "Project clusters"): /projects/:id/clusters. "Project clusters (all tiers, deprecated in release 14.5)".
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../core/errors.js'
import {rangeFlag, textFrom, textOrFileFlags} from '../core/flags.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {validHttpUrl} from '../core/validate.js'
import type {ProjectSummary, UserBasic} from './common.js'
import type {Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

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
  namespace: {id: number; name: string; path: string; kind: string; full_path: string; parent_id: number | null}
}

export interface ProjectCluster {
  id: number
  name: string
  /** base domain; present when set */
  domain?: string
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
  user: ClusterUser
  /** "The access token is never returned" */
  platform_orchestrator: OrchestratorPlatform
  management_project: ClusterManagementProject | null
  /** "only in single-cluster read, create and update responses" */
  project?: ClusterProject
}
export const CLUSTER_FIELDS = fieldList<ProjectCluster>()(['id', 'name', 'domain', 'created_at', 'managed',
  'enabled', 'provider_type', 'platform_type', 'environment_scope', 'cluster_type', 'user', 'platform_orchestrator',
  'management_project', 'project'])

export const CLUSTER_COLUMNS = ['id', 'name', 'enabled', 'managed', 'environment_scope', 'provider_type', 'platform_orchestrator.api_url'] as const

/** the nested `platform_orchestrator_attributes[...]` fields */
export interface OrchestratorAttributes {
  api_url?: string
  token?: string
  ca_cert?: string
  namespace?: string
  authorization_type?: AuthorizationType
}

export interface ClusterSettings {
  name?: string
  domain?: string
  management_project_id?: number
  enabled?: boolean
  managed?: boolean
  environment_scope?: string
  platform_orchestrator_attributes?: OrchestratorAttributes
}

export interface NewCluster extends ClusterSettings {
  name: string
  platform_orchestrator_attributes: OrchestratorAttributes & {api_url: string; token: string}
}

const clustersPath = (project: string) => apiPath`/projects/${project}/clusters`
const clusterPath = (project: string, id: Id) => `${clustersPath(project)}${apiPath`/${id}`}`

export function listClusters(project: string): ListSpec<ProjectCluster> {
  return listSpec<ProjectCluster>(clustersPath(project))
}

export function getCluster(api: ApiClient, project: string, id: Id): Promise<ProjectCluster> {
  return api.get<ProjectCluster>(clusterPath(project, id))
}

/** "POST /projects/:id/clusters/user": adds an existing cluster */
export function addCluster(api: ApiClient, project: string, cluster: NewCluster): Promise<ProjectCluster> {
  return api.post<ProjectCluster>(`${clustersPath(project)}/user`, {...cluster})
}

export function updateCluster(api: ApiClient, project: string, id: Id, changes: ClusterSettings): Promise<ProjectCluster> {
  return api.put<ProjectCluster>(clusterPath(project, id), {...changes})
}

/** "removes the record only; resources inside the connected cluster remain" */
export function deleteCluster(api: ApiClient, project: string, id: Id): Promise<void> {
  return api.delete(clusterPath(project, id))
}

// ---- flags and their rules -------------------------------------------------------------------------

/** "URL of the orchestrator API" */
export const validApiUrl = (value: string): string => validHttpUrl(value, 'api-url', 'https://orchestrator.example.com:6443')

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----/

/** "ca_cert (string, TLS certificate)": a PEM certificate (or chain) */
export function validCaCert(value: string, flag: string): string {
  if (!PEM_CERTIFICATE.test(value)) {
    throw new UsageError(`--${flag} must be a PEM certificate (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)`)
  }
  return value
}

/** the inputs both `add` and `update` take (PUT has no authorization_type: only `add` declares it) */
export const clusterSettingsFlags = {
  domain: Flags.string({description: 'base domain of the cluster'}),
  'management-project-id': rangeFlag(1, Number.MAX_SAFE_INTEGER)({description: 'ID of the project that manages the cluster'}),
  enabled: Flags.boolean({description: 'make the cluster active or (--no-enabled) inactive (API default: active)', allowNo: true}),
  managed: Flags.boolean({description: 'let the platform manage namespaces and service accounts (API default: yes)', allowNo: true}),
  'environment-scope': Flags.string({description: 'environments the cluster serves (API default: *; Premium)'}),
  ...textOrFileFlags('ca-cert', 'platform_orchestrator_attributes[ca_cert]: PEM certificate, needed when the orchestrator API uses a self-signed one'),
  namespace: Flags.string({description: 'platform_orchestrator_attributes[namespace]: namespace for the deployments'}),
}

export const CLUSTER_SETTINGS = ['name', 'domain', 'management-project-id', 'enabled', 'managed', 'environment-scope', 'api-url', 'orchestrator-token', 'ca-cert', 'ca-cert-file', 'namespace'] as const

export const apiUrlFlag = Flags.custom<string>({parse: async value => validApiUrl(value)})
export const authorizationTypeFlag = Flags.string({
  description: 'platform_orchestrator_attributes[authorization_type] (API default: rbac)', options: [...AUTHORIZATION_TYPES],
})

export interface ClusterFlagValues {
  name?: string
  domain?: string
  'management-project-id'?: number
  enabled?: boolean
  managed?: boolean
  'environment-scope'?: string
  'api-url'?: string
  'orchestrator-token'?: string
  'ca-cert'?: string
  'ca-cert-file'?: string
  namespace?: string
  'authorization-type'?: string
}

/**
 * Flags → the API body: the orchestrator fields go nested under platform_orchestrator_attributes, as
 * the API expects; the certificate is read (from a file or stdin) and checked before anything is sent.
 */
export async function clusterSettings(flags: ClusterFlagValues): Promise<ClusterSettings> {
  const caCert = await textFrom({...flags}, 'ca-cert')
  if (caCert !== undefined) validCaCert(caCert, flags['ca-cert'] === undefined ? 'ca-cert-file' : 'ca-cert')
  const attributes: OrchestratorAttributes = dropUndefined({
    api_url: flags['api-url'],
    token: flags['orchestrator-token'],
    ca_cert: caCert,
    namespace: flags.namespace,
    authorization_type: flags['authorization-type'] as AuthorizationType | undefined,
  })
  return dropUndefined({
    name: flags.name,
    domain: flags.domain,
    management_project_id: flags['management-project-id'],
    enabled: flags.enabled,
    managed: flags.managed,
    environment_scope: flags['environment-scope'],
    platform_orchestrator_attributes: Object.keys(attributes).length > 0 ? attributes : undefined,
  })
}

function dropUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T
}

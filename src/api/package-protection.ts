// Package protection rules of a project (document 1, "Package protection rules"):
// /projects/:id/packages/protection/rules. Maintainer role at least.
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../core/errors.js'
import {warning, type Note} from '../core/notes.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {recordString, type FileRecord} from '../core/records-file.js'
import type {Id} from '../core/id.js'
import {fieldList} from '../core/record-fields.js'

/**
 * "package_type (string, a package format identifier)": the spec lists no values, so these are the
 * platform's (GitLab's) package formats that package protection rules accept
 * (`Packages::Protection::Rule.package_types`).
 */
export const PACKAGE_TYPES = ['conan', 'generic', 'helm', 'maven', 'npm', 'nuget', 'pypi'] as const
/** "null, maintainer, owner or admin; null means developer" */
export const PUSH_LEVELS = ['maintainer', 'owner', 'admin'] as const
/** "null, owner or admin; null means maintainer" */
export const DELETE_LEVELS = ['owner', 'admin'] as const

export interface PackageProtectionRule {
  id: number
  project_id: number
  /** `*` wildcard allowed */
  package_name_pattern: string
  package_type: string
  /** null means maintainer; null too while the `packages_protected_packages_delete` feature flag is off */
  minimum_access_level_for_delete: string | null
  /** null means developer */
  minimum_access_level_for_push: string | null
}
export const RULE_FIELDS = fieldList<PackageProtectionRule>()(['id', 'project_id', 'package_name_pattern',
  'package_type', 'minimum_access_level_for_delete', 'minimum_access_level_for_push'])

export const RULE_COLUMNS = ['id', 'package_name_pattern', 'package_type', 'minimum_access_level_for_push'] as const

export interface RuleFields {
  package_name_pattern?: string
  package_type?: string
  minimum_access_level_for_push?: string | null
  minimum_access_level_for_delete?: string | null
}

export type NewRule = RuleFields & {package_name_pattern: string; package_type: string}

/** an access level, or the literal `null` (the API's null: the default role) */
const levelFlag = (levels: readonly string[]) => Flags.custom<string | null>({
  options: [...levels, 'null'],
  parse: async input => (input === 'null' ? null : input),
})

/** the rule's fields as flags: create and update take the same ones */
export const ruleFlags = {
  'package-name-pattern': Flags.string({description: 'package name the rule protects; * is a wildcard (@my-scope/my-package-*)'}),
  'package-type': Flags.string({description: 'package format the rule protects', options: [...PACKAGE_TYPES]}),
  'minimum-access-level-for-push': levelFlag(PUSH_LEVELS)({description: 'lowest role that may push (null: developer)'}),
  'minimum-access-level-for-delete': levelFlag(DELETE_LEVELS)({
    description: 'lowest role that may delete (null: maintainer); needs the packages_protected_packages_delete feature flag, else the server ignores it',
  }),
}

export const RULE_FLAGS = ['package-name-pattern', 'package-type', 'minimum-access-level-for-push', 'minimum-access-level-for-delete'] as const

const rulesPath = (project: string) => apiPath`/projects/${project}/packages/protection/rules`
const rulePath = (project: string, id: Id) => `${rulesPath(project)}${apiPath`/${id}`}`

export function listRules(project: string): ListSpec<PackageProtectionRule> {
  return listSpec<PackageProtectionRule>(rulesPath(project))
}

/** 422 when the pattern is already taken in the project */
export function createRule(api: ApiClient, project: string, rule: NewRule): Promise<PackageProtectionRule> {
  return api.post<PackageProtectionRule>(rulesPath(project), {...rule})
}

/** "same fields, all optional"; 400 when the change would leave both levels unset */
export function updateRule(api: ApiClient, project: string, id: Id, changes: RuleFields): Promise<PackageProtectionRule> {
  return api.patch<PackageProtectionRule>(rulePath(project, id), {...changes})
}

export function deleteRule(api: ApiClient, project: string, id: Id): Promise<void> {
  return api.delete(rulePath(project, id))
}

/**
 * "minimum_access_level_for_delete ... must be provided when push level is unset" and the other way
 * round: a new rule needs at least one level that is not null.
 */
export function requireALevel(rule: RuleFields, names: {push: string; delete: string}): void {
  if ((rule.minimum_access_level_for_push ?? null) === null && (rule.minimum_access_level_for_delete ?? null) === null) {
    throw new UsageError(`a rule needs ${names.push} or ${names.delete} set to a role (null for both leaves the package unprotected)`)
  }
}

export const LEVEL_FLAG_NAMES = {push: '--minimum-access-level-for-push', delete: '--minimum-access-level-for-delete'}

/**
 * With the `packages_protected_packages_delete` feature flag off the platform ignores the delete level
 * and answers null: worth a note, since the rule then does not protect what was asked.
 */
export function ignoredDeleteLevel(sent: RuleFields, rule: PackageProtectionRule): Note | undefined {
  if (typeof sent.minimum_access_level_for_delete !== 'string' || rule.minimum_access_level_for_delete !== null) return undefined
  return warning(`the server ignored minimum_access_level_for_delete=${sent.minimum_access_level_for_delete} for "${rule.package_name_pattern}" (the packages_protected_packages_delete feature flag is probably off)`)
}

/** a rule from a `--from-file` record (fields named as the API names them), checked like the flags */
export function ruleFromRecord(record: FileRecord): NewRule {
  const rule: NewRule = {
    package_name_pattern: recordString(record, 'package_name_pattern', true)!,
    package_type: recordEnum(record, 'package_type', PACKAGE_TYPES, true)!,
    minimum_access_level_for_push: recordLevel(record, 'minimum_access_level_for_push', PUSH_LEVELS),
    minimum_access_level_for_delete: recordLevel(record, 'minimum_access_level_for_delete', DELETE_LEVELS),
  }
  requireALevel(rule, {push: 'minimum_access_level_for_push', delete: 'minimum_access_level_for_delete'})
  return rule
}

function recordEnum(record: FileRecord, field: string, allowed: readonly string[], required = false): string | undefined {
  const value = recordString(record, field, required)
  if (value !== undefined && !allowed.includes(value)) throw new UsageError(`${field} must be one of ${allowed.join(', ')}, got "${value}"`)
  return value
}

/** a level, `null` (JSON null or the text null), or absent */
function recordLevel(record: FileRecord, field: string, allowed: readonly string[]): string | null | undefined {
  if (record[field] === null || record[field] === 'null') return null
  return recordEnum(record, field, allowed)
}

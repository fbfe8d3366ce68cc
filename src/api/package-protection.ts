// Package protection rules of a project (document 1, "Package protection rules"):
// /projects/:id/packages/protection/rules. Maintainer role at least.

import type {ApiId} from '../core/base/exact-number.js'
import type {Id} from '../core/base/id.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {accessLevelWordInput} from '../core/input/access-level.js'
import {type AnyInput, choice, declare, optional, text, type Values} from '../core/input/input.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'

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
  id: ApiId
  project_id: ApiId
  /** `*` wildcard allowed */
  package_name_pattern: string
  package_type: string
  /** null means maintainer; null too while the `packages_protected_packages_delete` feature flag is off */
  minimum_access_level_for_delete: string | null
  /** null means developer */
  minimum_access_level_for_push: string | null
}
export const RULE_FIELDS = fieldList<PackageProtectionRule>()(['id', 'project_id', 'package_name_pattern', 'package_type', 'minimum_access_level_for_delete', 'minimum_access_level_for_push'])

export const RULE_COLUMNS = ['id', 'package_name_pattern', 'package_type', 'minimum_access_level_for_push'] as const

/**
 * An access level, or `null` (the API's null: the default role), as a word or its number
 * (core/input/access-level.ts); sent as the word the endpoint takes. The `null` of a flag or a file
 * cell becomes JSON null.
 */
const level = (levels: readonly (keyof typeof LEVEL_OF)[], description: string) =>
  accessLevelWordInput(
    levels.map(word => LEVEL_OF[word]),
    description,
  )
const LEVEL_OF = {maintainer: 40, owner: 50, admin: 60} as const

/**
 * POST: "package_name_pattern (string, required); package_type (string, required)". The spec calls
 * both levels required too, yet "must be provided when the other is unset": the platform needs one
 * of them only, checked by `noLevel`.
 */
export const NEW_RULE = declare({
  package_name_pattern: text({required: true, description: 'package name the rule protects, * as a wildcard: @my-scope/my-package-*'}),
  package_type: choice(PACKAGE_TYPES, {required: true, description: 'package format the rule protects'}),
  minimum_access_level_for_push: level(PUSH_LEVELS, 'lowest role that may push (null: developer)'),
  minimum_access_level_for_delete: level(DELETE_LEVELS, 'lowest role that may delete (null: maintainer); needs the packages_protected_packages_delete feature flag, else the server ignores it'),
})
export type NewRule = Values<typeof NEW_RULE>

/** PATCH: "same fields, all optional", at least one */
export const RULE_CHANGES = declare({
  package_name_pattern: optional(NEW_RULE.package_name_pattern),
  package_type: optional(NEW_RULE.package_type),
  minimum_access_level_for_push: NEW_RULE.minimum_access_level_for_push,
  minimum_access_level_for_delete: NEW_RULE.minimum_access_level_for_delete,
})
export type RuleChanges = Values<typeof RULE_CHANGES>

const rules = collection<{parent: string; item: PackageProtectionRule; create: NewRule}>(project => apiPath`/projects/${project}/packages/protection/rules`)

export const listRules = (project: string) => rules.list(project)

/** 422 when the pattern is already taken in the project */
export const createRule = rules.create

/** "same fields, all optional"; 400 when the change would leave both levels unset */
export function updateRule(api: ApiClient, project: string, id: Id, changes: RuleChanges): Promise<PackageProtectionRule> {
  return api.patch<PackageProtectionRule>(rules.member(project, id), {...changes})
}

export const deleteRule = rules.remove

/**
 * "minimum_access_level_for_delete ... must be provided when push level is unset" and the other way
 * round: a new rule needs at least one level that is not null. `name` names an input as its source
 * does (`--minimum-access-level-for-push` on the command line, the field in a file record).
 */
export function noLevel(rule: NewRule, name: (input: AnyInput) => string): string | undefined {
  if ((rule.minimum_access_level_for_push ?? null) !== null || (rule.minimum_access_level_for_delete ?? null) !== null) return undefined
  return `a rule needs ${name(NEW_RULE.minimum_access_level_for_push)} or ${name(NEW_RULE.minimum_access_level_for_delete)} set to a role (null for both leaves the package unprotected)`
}

// The sections of groups and projects: labels, milestones, protected branches, deploy keys and
// package protection rules.
import {type BranchAccessLevel, listProtectedBranches, PROTECTION, type ProtectedBranch, type Protection, protectBranch, roleLevels, unprotectBranch, updateProtection} from '../api/branches.js'
import {KeyPlacementRun, placeDeployKey} from '../api/deploy-key-add.js'
import {type DeployKeyChanges, deleteProjectDeployKey, listProjectDeployKeys, NEW_PROJECT_DEPLOY_KEY, type NewProjectDeployKey, updateProjectDeployKey} from '../api/deploy-keys.js'
import {sameLabelColor} from '../api/label-color.js'
import {createLabel, deleteLabel, type LabelChanges, listLabels, NEW_LABEL, type NewLabel, updateLabel} from '../api/labels.js'
import {createMilestone, deleteMilestone, listMilestones, type MilestoneChanges, NEW_MILESTONE, type NewMilestone, updateMilestone} from '../api/milestones.js'
import {createRule, deleteRule, listRules, NEW_RULE, type NewRule, type RuleChanges, updateRule} from '../api/package-protection.js'
import {ACCESS_LEVEL_WORDS} from '../core/input/access-level.js'
import type {Scope} from '../core/input/scope.js'
import {readAll} from './read-all.js'
import {type CurrentRecord, type Section, sameValue, setFields, type Target} from './section.js'
import {keyFingerprint} from './sections-instance.js'

export const scopeOf = (target: Target): Scope => ({kind: target.kind === 'groups' ? 'groups' : 'projects', id: target.path})

const LABEL_FIELDS = ['color', 'description', 'priority', 'archived'] as const

export const labels: Section = {
  name: 'labels',
  kinds: ['groups', 'projects'],
  shape: 'map',
  keyField: 'name',
  inputs: NEW_LABEL,
  recordRule: (fields, kind) => (kind === 'groups' && fields.priority !== undefined ? {field: 'priority', rule: 'applies to project labels only'} : undefined),
  identity: fields => String(fields.name),
  secret: () => false,
  // a colour name in the file and its hex on the server (or #fff and #FFFFFF) are no change
  same: (field, wanted, current) => (field === 'color' && typeof wanted === 'string' && typeof current === 'string' ? sameLabelColor(wanted, current) : sameValue(wanted, current)),
  // The labels a scope sees, its ancestor groups' included (the platform refuses a project or group label
  // that one of them has, 409), those marked inherited: compared, never created, changed or deleted here.
  // A project's list tells them apart (is_project_label); a group's does not, so its own are read too.
  async read(context, target) {
    const scope = scopeOf(target)
    const [seen, own] = await Promise.all([
      readAll(context, listLabels(scope, {include_ancestor_groups: true}), ['name']),
      target.kind === 'groups' ? readAll(context, listLabels(scope, {include_ancestor_groups: false}), ['name']) : undefined,
    ])
    const owned = own && new Set(own.map(label => label.name))
    return seen.map(label => ({
      id: label.name,
      ref: label.name,
      fields: setFields(label as unknown as Record<string, unknown>, LABEL_FIELDS, true),
      ...((owned ? !owned.has(label.name) : label.is_project_label === false) ? {inherited: true} : {}),
    }))
  },
  create: ({api}, target, fields) => createLabel(api, scopeOf(target), fields as NewLabel),
  update: ({api}, target, current, changed) => updateLabel(api, scopeOf(target), String(current.ref), changed as LabelChanges),
  remove: ({api}, target, current) => deleteLabel(api, scopeOf(target), String(current.ref)),
  exported: ({id, fields}) => ({key: id, value: withoutDefaults(setFields(fields, LABEL_FIELDS), {archived: false})}),
}

function withoutDefaults(fields: Record<string, unknown>, defaults: Record<string, unknown>): Record<string, unknown> {
  for (const [field, value] of Object.entries(defaults)) if (fields[field] === value) delete fields[field]
  return fields
}

const MILESTONE_FIELDS = ['description', 'start_date', 'due_date'] as const

export const milestones: Section = {
  name: 'milestones',
  kinds: ['groups', 'projects'],
  shape: 'map',
  keyField: 'title',
  inputs: NEW_MILESTONE,
  recordRule: ({start_date: start, due_date: due}) =>
    typeof start === 'string' && typeof due === 'string' && start > due ? {field: 'start_date', rule: `${start} is after due_date ${due}`} : undefined,
  identity: fields => String(fields.title),
  secret: () => false,
  async read(context, target) {
    return (await readAll(context, listMilestones(scopeOf(target)), ['title', 'id'])).map(m => ({
      id: m.title,
      ref: m.id,
      fields: setFields(m as unknown as Record<string, unknown>, MILESTONE_FIELDS, true),
    }))
  },
  create: ({api}, target, fields) => createMilestone(api, scopeOf(target), fields as NewMilestone),
  update: ({api}, target, current, changed) => updateMilestone(api, scopeOf(target), current.ref, changed as MilestoneChanges),
  remove: ({api}, target, current) => deleteMilestone(api, scopeOf(target), current.ref),
  exported: ({id, fields}) => ({key: id, value: setFields(fields, MILESTONE_FIELDS)}),
}

// A state file gives a level as the commands take it, a role's word or its number, and the section's
// inputs (api/branches.ts, api/package-protection.ts) read either through the one rule
// (core/input/access-level.ts); export writes the word that rule gives a number.
const BRANCH_LEVELS = ['push_access_level', 'merge_access_level', 'unprotect_access_level']

const levelWords = (value: unknown): unknown => (Array.isArray(value) ? value.map(levelWords) : typeof value === 'number' ? (ACCESS_LEVEL_WORDS[value] ?? value) : value)

const BRANCH_FIELDS = [...BRANCH_LEVELS, 'allow_force_push', 'code_owner_approval_required'] as const

const lowestRole = (levels: readonly number[]) => levels.find(level => level > 0) ?? 0

export const protectedBranches: Section = {
  name: 'protected_branches',
  kinds: ['projects'],
  shape: 'map',
  keyField: 'name',
  inputs: PROTECTION,
  // a plan speaks the file's words: `merge_access_level "maintainer" → "developer"`, several roles as a list of them
  shown: (field, value) => (BRANCH_LEVELS.includes(field) ? levelWords(value) : value),
  identity: fields => String(fields.name),
  secret: () => false,
  async read(context, target) {
    // the platform keeps a list of rules per action, and may hold several roles in it (30 and 40): each
    // is read, so a file's one level over two roles is a change; rules for users and groups are not a file's
    const role = (rules: readonly BranchAccessLevel[] | undefined) => {
      const levels = roleLevels(rules)
      return levels.length <= 1 ? levels[0] : levels
    }
    return (await readAll(context, listProtectedBranches(target.path), ['name'])).map(
      (p): CurrentRecord => ({
        id: p.name,
        ref: p.name,
        fields: {
          push_access_level: role(p.push_access_levels),
          merge_access_level: role(p.merge_access_levels),
          unprotect_access_level: role(p.unprotect_access_levels),
          allow_force_push: p.allow_force_push,
          code_owner_approval_required: p.code_owner_approval_required,
        },
        // its rules' IDs, which an update removes by (_destroy): apply need not read them again
        server: p,
      }),
    )
  },
  create: ({api}, target, fields) => protectBranch(api, target.path, fields as Protection),
  update: ({api}, target, current, changed) => updateProtection(api, target.path, String(current.ref), changed as Omit<Protection, 'name'>, current.server as ProtectedBranch | undefined),
  remove: ({api}, target, current) => unprotectBranch(api, target.path, String(current.ref)),
  exported({id, fields}) {
    const value = withoutDefaults(setFields(fields, BRANCH_FIELDS), {allow_force_push: false, code_owner_approval_required: false})
    for (const level of BRANCH_LEVELS) {
      // several roles: whom they let in is the lowest one that lets anyone in
      if (Array.isArray(value[level])) value[level] = lowestRole(value[level] as number[])
      value[level] = levelWords(value[level])
    }
    return {key: id, value}
  },
}

export const projectDeployKeys: Section = {
  name: 'deploy_keys',
  kinds: ['projects'],
  shape: 'list',
  inputs: NEW_PROJECT_DEPLOY_KEY,
  identityFields: ['key'],
  // the API has no input for an existing key's expiry
  createOnly: ['expires_at'],
  identity: fields => keyFingerprint(fields.key),
  secret: () => false,
  async read(context, target) {
    return (await readAll(context, listProjectDeployKeys(target.path), ['fingerprint_sha256', 'id'])).map(
      (key): CurrentRecord => ({id: key.fingerprint_sha256, ref: key.id, fields: {title: key.title, key: key.key, can_push: key.can_push ?? false}}),
    )
  },
  async create({api, shared}, target, fields) {
    // the projects of one apply share a run: the first creates the key, the others join it
    const run = (shared.get('deploy-keys') as KeyPlacementRun | undefined) ?? new KeyPlacementRun()
    shared.set('deploy-keys', run)
    return placeDeployKey(api, target.path, fields as NewProjectDeployKey, run)
  },
  update: ({api}, target, current, changed) => updateProjectDeployKey(api, target.path, current.ref, changed as DeployKeyChanges),
  remove: ({api}, target, current) => deleteProjectDeployKey(api, target.path, current.ref),
  exported: ({fields}) => ({value: withoutDefaults({...fields}, {can_push: false})}),
}

const RULE_LEVELS = ['minimum_access_level_for_push', 'minimum_access_level_for_delete']

export const packageProtectionRules: Section = {
  name: 'package_protection_rules',
  kinds: ['projects'],
  shape: 'list',
  inputs: NEW_RULE,
  identityFields: ['package_name_pattern', 'package_type'],
  identity: fields => `${fields.package_type} ${fields.package_name_pattern}`,
  secret: () => false,
  async read(context, target) {
    return (await readAll(context, listRules(target.path), ['package_type', 'package_name_pattern', 'id'])).map(
      (rule): CurrentRecord => ({
        id: `${rule.package_type} ${rule.package_name_pattern}`,
        ref: rule.id,
        fields: setFields(rule as unknown as Record<string, unknown>, ['package_name_pattern', 'package_type', ...RULE_LEVELS], true),
      }),
    )
  },
  create: ({api}, target, fields) => createRule(api, target.path, fields as NewRule),
  update: ({api}, target, current, changed) => updateRule(api, target.path, current.ref, changed as RuleChanges),
  remove: ({api}, target, current) => deleteRule(api, target.path, current.ref),
  exported: ({fields}) => ({value: setFields(fields, ['package_name_pattern', 'package_type', ...RULE_LEVELS])}),
}

// A protected branch's access rules, as the platform keeps them: for each action (push, merge,
// unprotect) a list of rules, each a role (`access_level`), a user or a group, with its own ID. A create
// takes the shorthand `push_access_level` and the lists `allowed_to_push` (Premium), and gives an action
// Maintainers when neither names a role, user or group. An update takes the lists only, as Rails nested
// attributes: an entry without `id` ADDS a rule, `{id, access_level}` changes one, `{id, _destroy: true}`
// removes one; a role an action already has is refused (422) and nothing is changed.
// Platform sources: lib/api/protected_branches.rb, ee/lib/ee/api/helpers/protected_branches_helpers.rb,
// app/services/protected_branches/api_service.rb, app/services/protected_refs/access_level_params.rb
// (and its EE part), app/models/concerns/protected_ref.rb, app/models/concerns/protected_ref_access.rb.
import {badRequest, HttpError} from './http.js'
import {type Input, optionalInteger, readBoolean} from './router.js'

export const ACTIONS = ['push', 'merge', 'unprotect'] as const
export type Action = (typeof ACTIONS)[number]

export interface AccessRule {
  id: number
  access_level: number | null
  user_id: number | null
  group_id: number | null
  deploy_key_id: number | null
}

export type Rules = Record<Action, AccessRule[]>

/** ProtectedRefAccess.allowed_access_levels; unprotecting has no "No one" */
const LEVELS: Record<Action, readonly number[]> = {push: [0, 30, 40, 60], merge: [0, 30, 40, 60], unprotect: [30, 40, 60]}
/** ProtectedRefAccess.human_access_levels */
const LEVEL_NAMES: Record<number, string> = {0: 'No one', 30: 'Developers + Maintainers', 40: 'Maintainers', 60: 'Instance admins'}
/** how full_messages names an action's list: "Push access levels access level has already been taken" */
const LIST_NAMES: Record<Action, string> = {push: 'Push access levels', merge: 'Merge access levels', unprotect: 'Unprotect access levels'}

const isRole = (rule: AccessRule) => rule.user_id === null && rule.group_id === null && rule.deploy_key_id === null

/** the entries of `allowed_to_<action>`: a JSON array, or one object as a form's `allowed_to_push[][access_level]=30` arrives */
function entriesOf(input: Input, action: Action): Input[] {
  const name = `allowed_to_${action}`
  const raw = input[name]
  if (raw === undefined || raw === null) return []
  const list = Array.isArray(raw) ? (raw as unknown[]) : [raw]
  return list.map(entry => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw badRequest(`${name} is invalid`)
    const fields = entry as Input
    const level = optionalInteger(fields, 'access_level')
    if (level !== undefined && !LEVELS[action].includes(level)) throw badRequest(`${name}[access_level] does not have a valid value`)
    return fields
  })
}

function ruleFrom(fields: Input, id: number): AccessRule {
  const user = optionalInteger(fields, 'user_id') ?? null
  const group = optionalInteger(fields, 'group_id') ?? null
  const deployKey = optionalInteger(fields, 'deploy_key_id') ?? null
  return {id, access_level: user === null && group === null && deployKey === null ? (optionalInteger(fields, 'access_level') ?? null) : null, user_id: user, group_id: group, deploy_key_id: deployKey}
}

/** POST: the shorthand's role, then the list's entries; Maintainers when neither names anyone */
export function rulesForCreate(input: Input, nextId: () => number): Rules {
  const rules = {} as Rules
  for (const action of ACTIONS) {
    const shorthandName = `${action}_access_level`
    const shorthand = optionalInteger(input, shorthandName)
    if (shorthand !== undefined && !LEVELS[action].includes(shorthand)) throw badRequest(`${shorthandName} does not have a valid value`)
    const entries = entriesOf(input, action).filter(e => Object.keys(e).length > 0)
    const granular = entries.filter(e => optionalInteger(e, 'deploy_key_id') === undefined)
    const role = shorthand ?? (granular.length === 0 ? 40 : undefined)
    rules[action] = [...(role === undefined ? [] : [{id: nextId(), access_level: role, user_id: null, group_id: null, deploy_key_id: null}]), ...entries.map(e => ruleFrom(e, nextId()))]
  }
  return rules
}

/**
 * PATCH: every action's list worked out first, then applied only when all are valid. A new or changed
 * role is checked against the rules stored before the request (Rails' uniqueness check reads the table),
 * so a role being destroyed in the same request still counts as there.
 */
export function updateRules(current: Rules, input: Input, nextId: () => number): Rules {
  const next = {} as Rules
  const taken: string[] = []
  for (const action of ACTIONS) {
    let list = [...current[action]]
    for (const entry of entriesOf(input, action)) {
      const id = optionalInteger(entry, 'id')
      const existing = id === undefined ? undefined : list.find(rule => rule.id === id)
      // nested attributes for an ID that is not this action's: ActiveRecord::RecordNotFound, answered 404
      if (id !== undefined && !existing) throw new HttpError(404, {message: '404 Not found'})
      if (existing && readBoolean(entry._destroy) === true) {
        list = list.filter(rule => rule !== existing)
        continue
      }
      const changed = existing ? {...existing, ...ruleFrom({...existing, ...entry}, existing.id)} : ruleFrom(entry, nextId())
      if (isRole(changed) && changed.access_level !== null && current[action].some(rule => rule.id !== changed.id && isRole(rule) && rule.access_level === changed.access_level)) {
        taken.push(`${LIST_NAMES[action]} access level has already been taken`)
      }
      list = existing ? list.map(rule => (rule === existing ? changed : rule)) : [...list, changed]
    }
    next[action] = list
  }
  // render_api_error!(errors.full_messages, 422): the message is the list of sentences
  if (taken.length > 0) throw new HttpError(422, {message: [...new Set(taken)]})
  return next
}

/** Entities::ProtectedRefAccess: each rule with its ID and the words for whom it lets in */
export function renderRules(rules: readonly AccessRule[], describe: (rule: AccessRule) => string) {
  return rules.map(rule => ({
    id: rule.id,
    access_level: rule.access_level,
    access_level_description: rule.access_level !== null ? (LEVEL_NAMES[rule.access_level] ?? String(rule.access_level)) : describe(rule),
    user_id: rule.user_id,
    group_id: rule.group_id,
    deploy_key_id: rule.deploy_key_id,
  }))
}

/** anyone whose role reaches one of the roles (No one lets in no one; Instance admins only administrators) */
export function roleAllowed(rules: readonly AccessRule[], role: number): boolean {
  return rules.some(rule => isRole(rule) && rule.access_level !== null && rule.access_level > 0 && role >= rule.access_level)
}

/** the platform's developers_can_push/merge: some rule names the Developer role */
export const namesDevelopers = (rules: readonly AccessRule[]) => rules.some(rule => isRole(rule) && rule.access_level === 30)

/** a rule of one role (the seed's) */
export const roleRule = (id: number, level: number): AccessRule => ({id, access_level: level, user_id: null, group_id: null, deploy_key_id: null})

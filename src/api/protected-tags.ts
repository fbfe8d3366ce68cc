// Protected tags of a project (the platform's companion API, COMMANDS.md): /projects/:id/protected_tags.
// Maintainer role for every route. The platform has no call that changes a protection in place: a new
// level is an unprotect and a protect (`reprotectTag`).
// (platform: lib/api/protected_tags.rb, lib/api/entities/protected_tag.rb, lib/api/entities/protected_ref_access.rb)

import {CliError} from '../core/base/errors.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {ACCESS_LEVEL_WORDS, accessLevelInput} from '../core/input/access-level.js'
import {declare, renamed, text, type Values} from '../core/input/input.js'
import {type BranchAccessLevel, roleLevels} from './branches.js'
import {collection} from './collection.js'
import {fieldList} from './record-fields.js'

/** one rule of who may create a matching tag: a role, or (EE) a user, a group or a deploy key */
export type TagAccessLevel = BranchAccessLevel

export interface ProtectedTag {
  /** a tag name, or a wildcard such as v* */
  name: string
  create_access_levels: TagAccessLevel[]
}
export const PROTECTED_TAG_FIELDS = fieldList<ProtectedTag>()(['name', 'create_access_levels'])

export const PROTECTED_TAG_COLUMNS = ['name', 'create_access_levels.access_level', 'create_access_levels.access_level_description'] as const
/** a table shows each rule's level as its role's word (`maintainer`), as state files do; data formats keep the number */
export const PROTECTED_TAG_WORDS = {'create_access_levels.access_level': ACCESS_LEVEL_WORDS} as const

/** ProtectedTag::CreateAccessLevel.allowed_access_levels: No one, Developers + Maintainers, Maintainers, Instance admins */
export const CREATE_LEVELS = [0, 30, 40, 60] as const

// A protected name may be a wildcard (`v*`), which no tag could be named: only "" is refused.
const TAG_NAME = text({arg: true, flag: 'tag', required: true, description: 'tag name or wildcard, such as v*'})

/** POST /projects/:id/protected_tags; without a level the server lets Maintainers create */
export const TAG_PROTECTION = declare({
  name: TAG_NAME,
  create_access_level: accessLevelInput(CREATE_LEVELS, 'who may create matching tags (server default: maintainer)'),
})
export type TagProtection = Values<typeof TAG_PROTECTION>

/** GET and DELETE /projects/:id/protected_tags/:name */
export const PROTECTED_TAG = declare({name: renamed(TAG_NAME, {description: 'protected tag name or wildcard'})})

// A name such as `release/*` is one encoded segment: release%2F*.
const tags = collection<{parent: string; item: ProtectedTag; key: string; create: TagProtection}>(project => apiPath`/projects/${project}/protected_tags`)

export const listProtectedTags = (project: string) => tags.list(project)
export const getProtectedTag = tags.get
/** 422 ("Name has already been taken") when the name is protected already */
export const protectTag = tags.create
/** 204; 404 when the name is not protected */
export const unprotectTag = tags.remove

/** the roles a tag's rules let create, lowest first (rules for users, groups and deploy keys left out) */
export const createRoles = (tag: ProtectedTag): number[] => roleLevels(tag.create_access_levels)

/**
 * A protection with another level: the API has no update of a protected tag (lib/api/protected_tags.rb
 * has GET, POST and DELETE only), so it is unprotected and protected again. Between the two the tag is
 * unprotected; a protect the server then refuses is told as such, since the tag is left unprotected.
 */
export async function reprotectTag(api: ApiClient, project: string, protection: TagProtection, read?: ProtectedTag, midway?: (left: string) => void): Promise<ProtectedTag> {
  // a rule for a deploy key, a user or a group would not come back: refused before anything is sent
  const tag = read ?? (await getProtectedTag(api, project, protection.name))
  const others = tag.create_access_levels.length - createRoles(tag).length
  if (others > 0) {
    throw new CliError(
      `tag ${protection.name} has ${others} create rule${others === 1 ? '' : 's'} for a deploy key, user or group, which changing its level (an unprotect and a protect: the API has no update) would lose; nothing was changed`,
    )
  }
  // a signal from here on may leave the tag unprotected: the caller's report says so (state/apply.ts)
  midway?.(`tag ${protection.name} may be left unprotected: changing its level unprotects it, then protects it again (the API has no update); check it`)
  await unprotectTag(api, project, protection.name)
  midway?.(`tag ${protection.name} was unprotected to change its level, and may be left unprotected: check it`)
  try {
    return await protectTag(api, project, protection)
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    throw new CliError(`tag ${protection.name} was unprotected to change its level, and is now left unprotected: ${error.message}`, error.exitCode)
  }
}

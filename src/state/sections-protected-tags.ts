// The protected_tags section of projects (STATE.md: by name or wildcard): who may create matching tags.
// The API cannot change a protection in place, so an update unprotects and protects again
// (api/protected-tags.ts, reprotectTag).
import {createRoles, listProtectedTags, type ProtectedTag, protectTag, reprotectTag, TAG_PROTECTION, type TagProtection, unprotectTag} from '../api/protected-tags.js'
import {ACCESS_LEVEL_WORDS} from '../core/input/access-level.js'
import {readAll} from './read-all.js'
import type {CurrentRecord, Section} from './section.js'

/** a level as the file writes it, a role's word; several roles as a list of them */
const words = (value: unknown): unknown => (Array.isArray(value) ? value.map(words) : typeof value === 'number' ? (ACCESS_LEVEL_WORDS[value] ?? value) : value)

export const protectedTags: Section = {
  name: 'protected_tags',
  kinds: ['projects'],
  shape: 'map',
  keyField: 'name',
  inputs: TAG_PROTECTION,
  // a plan speaks the file's words: `create_access_level "maintainer" → "developer"`
  shown: (field, value) => (field === 'create_access_level' ? words(value) : value),
  identity: fields => String(fields.name),
  secret: () => false,
  async read(context, target) {
    return (await readAll(context, listProtectedTags(target.path), ['name'], {create_access_levels: 'list'})).map((tag): CurrentRecord => {
      // rules for users, groups and deploy keys are not a file's; several roles are read as all of them
      const roles = createRoles(tag)
      // the rules as read, which an update checks before it unprotects (apply need not read them again)
      return {id: tag.name, ref: tag.name, fields: {create_access_level: roles.length <= 1 ? roles[0] : roles}, server: tag}
    })
  },
  create: ({api}, target, fields) => protectTag(api, target.path, fields as TagProtection),
  update: ({api, midway}, target, current, _changed, wanted) =>
    reprotectTag(api, target.path, {...wanted, name: String(current.ref)} as TagProtection, current.server as ProtectedTag | undefined, midway),
  remove: ({api}, target, current) => unprotectTag(api, target.path, String(current.ref)),
  exported({id, fields}) {
    const level = fields.create_access_level
    // several roles: whom they let in is the lowest one that lets anyone in
    const one = Array.isArray(level) ? ((level as number[]).find(role => role > 0) ?? 0) : level
    return {key: id, value: one === undefined ? {} : {create_access_level: words(one)}}
  },
}

// Which groups and projects a state file's entries select (STATE.md, "Selection"): a full path is
// looked up, a glob is matched against the listing of the group its literal prefix names (projects
// with subgroups, or the subgroups walked down), or, when it starts with a wildcard (`**`), against
// every project (group) the token can see. Every scope gets the entries that match it, merged in file
// order (`replace:` drops what earlier entries said of a section); `skip: true` leaves it out. A path
// that does not exist or a glob that matches nothing is refused, naming the entry.
import {type GroupPath, getGroup, getProject, listGroupProjects, listSubgroups, listVisibleGroups, listVisibleProjects, type ProjectPath} from '../api/namespaces.js'
import {ApiError, CliError} from '../core/base/errors.js'
import {revealFields} from '../core/base/secret.js'
import type {CheckedEntry, StateModel} from './check.js'
import {StateFileError, wherePath} from './document.js'
import {globPattern, isGlob, literalPrefix} from './glob.js'
import {inPool} from './pool.js'
import {readAll} from './read-all.js'
import type {DesiredRecord, ReadContext, Section, Target} from './section.js'
import {sectionOf} from './sections.js'

/** one scope and what the file wants of it: the entries that match it, merged */
export interface Selected {
  target: Target
  sections: Map<string, Map<string, DesiredRecord>>
  /** sections whose unlisted records are deleted */
  prune: Set<string>
}

/** the platform's deepest nesting: 20 levels of subgroups below a top-level group */
const MAX_SUBGROUP_DEPTH = 20

/** one request within the context's bound on requests in flight */
const limited = <T>(context: ReadContext, work: () => Promise<T>): Promise<T> => (context.limit ? context.limit(work) : work())

const missing = (error: unknown) => error instanceof ApiError && error.status === 404

/** the full path a group or project record names, which every one of the API's has (readAll says so of a list's) */
function fullPath(path: unknown, field: string, kind: 'groups' | 'projects', key: string): string {
  if (typeof path === 'string' && path !== '') return path
  throw new CliError(`the server answered GET /api/v4/${kind}/${encodeURIComponent(key)} without its ${field}, which every record of the API has: nothing was changed`)
}

const groupPath = async (api: ReadContext['api'], key: string) => fullPath((await getGroup(api, key)).full_path, 'full_path', 'groups', key)

/** the paths under the group of a glob's prefix, each listing read once however many entries use it */
class Listings {
  private readonly projects = new Map<string, Promise<string[] | undefined>>()
  private readonly groups = new Map<string, Promise<string[] | undefined>>()

  constructor(private readonly context: ReadContext) {}

  /** the projects under the group; under none (`**`), every project the token can see */
  projectsUnder(group: string): Promise<string[] | undefined> {
    const key = group.toLowerCase()
    const list = group === '' ? listVisibleProjects() : listGroupProjects(group)
    if (!this.projects.has(key))
      this.projects.set(
        key,
        this.orMissing(async () => (await readAll<ProjectPath>(this.context, list, ['path_with_namespace'])).map(p => p.path_with_namespace)),
      )
    return this.projects.get(key)!
  }

  /** the group and every group below it (the subgroups walked level by level); under none, every group the token can see */
  groupsUnder(group: string): Promise<string[] | undefined> {
    const key = group.toLowerCase()
    if (group === '' && !this.groups.has(key))
      this.groups.set(
        key,
        readAll<GroupPath>(this.context, listVisibleGroups(), ['full_path']).then(groups => groups.map(g => g.full_path)),
      )
    if (!this.groups.has(key))
      this.groups.set(
        key,
        this.orMissing(async () => {
          const top = await limited(this.context, () => groupPath(this.context.api, group))
          const found = new Set([top])
          // each list is bounded (page-limit.ts); the walk is too: a group named again is not walked
          // again (a server that names a group its own subgroup), and no deeper than the platform nests
          for (let level = [top], depth = 0; level.length > 0; depth++) {
            if (depth > MAX_SUBGROUP_DEPTH) {
              throw new CliError(`the server names subgroups more than ${MAX_SUBGROUP_DEPTH} levels below ${top}, deeper than the platform nests groups; stopped (GET /api/v4/groups/:id/subgroups)`)
            }
            const children = await inPool(level, this.context.concurrency, path => readAll<GroupPath>(this.context, listSubgroups(path), ['full_path']))
            level = []
            for (const {full_path} of children.flat()) {
              if (found.has(full_path)) continue
              found.add(full_path)
              level.push(full_path)
            }
          }
          return [...found]
        }),
      )
    return this.groups.get(key)!
  }

  private async orMissing(read: () => Promise<string[]>): Promise<string[] | undefined> {
    try {
      return await read()
    } catch (error) {
      if (missing(error)) return undefined
      throw error
    }
  }
}

/** the paths an entry selects, or why it selects none */
async function matchesOf(entry: CheckedEntry, listings: Listings, context: ReadContext): Promise<string[] | string> {
  const {api} = context
  const noun = entry.kind === 'groups' ? 'group' : 'project'
  if (!isGlob(entry.key)) {
    try {
      return [
        await limited(context, async () =>
          entry.kind === 'groups' ? groupPath(api, entry.key) : fullPath((await getProject(api, entry.key)).path_with_namespace, 'path_with_namespace', 'projects', entry.key),
        ),
      ]
    } catch (error) {
      if (missing(error)) return `no such ${noun} on the server (or not visible to this token)`
      throw error
    }
  }
  const prefix = literalPrefix(entry.key)
  const paths = entry.kind === 'groups' ? await listings.groupsUnder(prefix) : await listings.projectsUnder(prefix)
  if (paths === undefined) return `matches no ${noun}: there is no group ${prefix} (or it is not visible to this token)`
  const pattern = globPattern(entry.key)
  const matched = paths.filter(path => pattern.test(path))
  if (matched.length > 0) return matched
  return `matches no ${noun} (${paths.length} ${entry.kind} ${prefix === '' ? 'this token can see' : `under ${prefix}`}${entry.kind === 'projects' && !entry.key.includes('/') ? '; a project path has a group: **, or */*' : ''})`
}

/**
 * Every scope the file selects, in the order the file first names them; the instance first. A path
 * or glob that selects nothing is refused, each named by `named` (a place in the file, or a flag).
 */
export async function selectScopes(model: StateModel, context: ReadContext, named: (entry: CheckedEntry) => string = entry => wherePath(entry.where)): Promise<Selected[]> {
  const listings = new Listings(context)
  const scoped = model.entries.filter(entry => entry.kind !== 'instance')
  const matches = await inPool(scoped, context.concurrency, entry => matchesOf(entry, listings, context))
  const problems = scoped.flatMap((entry, index) => (typeof matches[index] === 'string' ? [`${named(entry)}: ${matches[index]}`] : []))
  if (problems.length > 0) throw new StateFileError(model.file, [], problems.join('; '))
  const selected = new Map<string, Selected & {skip: boolean}>()
  const instance = model.entries.find(entry => entry.kind === 'instance')
  if (instance) merge(selected, {kind: 'instance', path: ''}, instance)
  scoped.forEach((entry, index) => {
    for (const path of matches[index] as string[]) merge(selected, {kind: entry.kind, path}, entry)
  })
  return [...selected.values()].filter(scope => !scope.skip).map(({skip: _skip, ...scope}) => scope)
}

/** a later entry refines an earlier one: records merge field by field in a mapping section, a list replaces */
function merge(selected: Map<string, Selected & {skip: boolean}>, target: Target, entry: CheckedEntry): void {
  const key = `${target.kind}:${target.path.toLowerCase()}`
  const scope = selected.get(key) ?? {target, sections: new Map(), prune: new Set<string>(), skip: false}
  selected.set(key, scope)
  // like any field, skip is replaced only by an entry that says it: `acme/legacy: {skip: true}` before `acme/**` stays skipped
  if (entry.skip !== undefined) scope.skip = entry.skip
  // `replace: [labels]`: what earlier entries said of those sections is dropped, not merged with (STATE.md)
  for (const name of entry.replace ?? []) scope.sections.delete(name)
  for (const [name, records] of entry.sections) {
    const earlier = scope.sections.get(name)
    const section = sectionOf(target.kind, name)
    scope.sections.set(name, !earlier || section?.shape === 'list' ? new Map(records) : mergeRecords(section!, earlier, records))
  }
  // `prune: true` is every section of this entry (STATE.md), not those an earlier entry named for the scope
  if (entry.prune !== undefined) scope.prune = new Set(entry.prune === true ? entry.sections.keys() : entry.prune)
}

/**
 * A mapping section's records, an entry's over the earlier ones', by the file's key: a record merges
 * with the earlier record of its key field by field (its identity taken again: a later entry's
 * `environment_scope` moves the key's variable there); a list under a key (a variable in several
 * environment scopes), on either side, replaces whatever the earlier entries said of that key.
 */
function mergeRecords(section: Section, earlier: ReadonlyMap<string, DesiredRecord>, records: ReadonlyMap<string, DesiredRecord>): Map<string, DesiredRecord> {
  const merged = new Map(earlier)
  const earlierOf = new Map<string, DesiredRecord[]>()
  for (const record of earlier.values()) earlierOf.set(record.key ?? record.id, [...(earlierOf.get(record.key ?? record.id) ?? []), record])
  const laterOf = new Map<string, DesiredRecord[]>()
  for (const record of records.values()) laterOf.set(record.key ?? record.id, [...(laterOf.get(record.key ?? record.id) ?? []), record])
  for (const [fileKey, later] of laterOf) {
    const before = earlierOf.get(fileKey) ?? []
    if (before.length !== 1 || later.length !== 1 || before[0]!.listed || later[0]!.listed) {
      for (const record of before) merged.delete(record.id)
      for (const record of later) merged.set(record.id, record)
      continue
    }
    const [first, record] = [before[0]!, later[0]!]
    const fields = {...first.fields, ...record.fields}
    const id = section.identity(revealFields(fields))
    // where it was, unless it names another record now
    if (id !== first.id) merged.delete(first.id)
    merged.set(id, {
      ...record,
      id,
      fields,
      sources: {...first.sources, ...record.sources},
      byReference: [...first.byReference.filter(f => !(f in record.fields)), ...record.byReference],
    })
  }
  return merged
}

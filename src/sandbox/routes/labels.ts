// Labels of projects and groups (document 2, "Labels").
import {badRequest, created, invalid, noContent, notFound, notModified, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, optionalBoolean, optionalInteger, optionalString, type Router, requireString} from '../router.js'
import type {SandboxGroup, SandboxProject, SandboxUser, Store} from '../store.js'

interface LabelRecord {
  id: number
  owner: {kind: 'project' | 'group'; id: number}
  name: string
  color: string
  description: string | null
  /** a project label's priority in its project */
  priority: number | null
  /** a group label's priority in each project that gave it one (LabelPriority rows: project, label, priority) */
  projectPriorities?: Map<number, number>
  archived: boolean
  subscribers: Set<number>
  open_issues_count: number
}

type Owner = {kind: 'project'; project: SandboxProject} | {kind: 'group'; group: SandboxGroup}

// 6 or 3 hex digits, as the platform's colour validator takes them
const HEX = /^#([0-9a-fA-F]{3}){1,2}$/
const NAMED = /^[a-zA-Z]+$/

export default function register(r: Router, store: Store): void {
  const labels = store.slice('labels', () => seedLabels(store))

  const ownerOf = (ctx: Ctx, kind: 'projects' | 'groups', role: 'guest' | 'developer'): Owner =>
    kind === 'projects' ? {kind: 'project', project: store.projectFor(ctx.params.id!, ctx.user, role)} : {kind: 'group', group: store.groupFor(ctx.params.id!, ctx.user, role)}

  const ownedBy = (owner: Owner) => (l: LabelRecord) => l.owner.kind === owner.kind && l.owner.id === (owner.kind === 'project' ? owner.project.id : owner.group.id)

  /** the labels a scope sees: its own, plus ancestors' and descendants' as the flags ask */
  const visible = (ctx: Ctx, owner: Owner): LabelRecord[] => {
    const ancestors = optionalBoolean(ctx.input, 'include_ancestor_groups') ?? true
    const groupIds = new Set<number>()
    if (owner.kind === 'project') {
      if (ancestors) for (const g of store.groupAncestors(store.groups.get(owner.project.namespace_id)!)) groupIds.add(g.id)
      return [...labels.values()].filter(l => ownedBy(owner)(l) || (l.owner.kind === 'group' && groupIds.has(l.owner.id)))
    }
    const onlyGroup = optionalBoolean(ctx.input, 'only_group_labels') ?? true
    const descendants = optionalBoolean(ctx.input, 'include_descendant_groups') ?? false
    groupIds.add(owner.group.id)
    if (ancestors) for (const g of store.groupAncestors(owner.group)) groupIds.add(g.id)
    if (descendants) for (const g of store.groups.values()) if (store.groupAncestors(g).includes(owner.group)) groupIds.add(g.id)
    const projectIds = new Set([...store.projects.values()].filter(p => groupIds.has(p.namespace_id)).map(p => p.id))
    return [...labels.values()].filter(l => (l.owner.kind === 'group' && groupIds.has(l.owner.id)) || (!onlyGroup && l.owner.kind === 'project' && projectIds.has(l.owner.id)))
  }

  /**
   * The label the path names (`:label_id`, an ID or a name), or `key` for the forms that name it in the body.
   * lib/api/helpers/label_helpers.rb: a read looks among the ancestors' labels too (include_ancestor_groups,
   * default true); an update, a delete and a promotion only among the scope's own (`own`), so that a label
   * inherited from a group is not found (404) there.
   */
  const find = (ctx: Ctx, owner: Owner, key = ctx.params.label_id!, own = false): LabelRecord => {
    const candidates = own ? [...labels.values()].filter(ownedBy(owner)) : visible(ctx, owner)
    const label = candidates.find(l => String(l.id) === key) ?? candidates.find(l => l.name === key)
    if (!label) throw notFound('Label')
    return label
  }

  const render = (label: LabelRecord, user: SandboxUser | null) => ({
    id: label.id,
    name: label.name,
    color: label.color,
    text_color: textColor(label.color),
    description: label.description,
    description_html: label.description ? `<p>${label.description}</p>` : '',
    open_issues_count: label.open_issues_count,
    closed_issues_count: 0,
    open_merge_requests_count: 0,
    subscribed: user ? label.subscribers.has(user.id) : false,
    ...(label.owner.kind === 'project' ? {priority: label.priority, is_project_label: true} : {}),
    ...(store.options.features.has('labels_archive') ? {archived: label.archived} : {}),
  })
  // Group labels seen through a project carry the project-only fields too, with is_project_label false
  // and the priority that project gave the label, if any.
  const renderIn = (owner: Owner, label: LabelRecord, user: SandboxUser | null) =>
    owner.kind === 'project' && label.owner.kind === 'group' ? {...render(label, user), priority: label.projectPriorities?.get(owner.project.id) ?? null, is_project_label: false} : render(label, user)

  const readColor = (ctx: Ctx, required: boolean): string | undefined => {
    const color = required ? requireString(ctx.input, 'color') : optionalString(ctx.input, 'color')
    if (color !== undefined && !HEX.test(color) && !NAMED.test(color)) throw invalid(400, {color: ['must be a valid color code']})
    return color
  }
  const readPriority = (ctx: Ctx, owner: Owner): number | null | undefined => {
    if (owner.kind === 'group' || !('priority' in ctx.input)) return undefined
    if (ctx.input.priority === null || ctx.input.priority === '' || ctx.input.priority === 'null') return null
    const priority = optionalInteger(ctx.input, 'priority')
    if (priority !== undefined && priority < 0) throw invalid(400, {priority: ['must be greater than or equal to 0']})
    return priority
  }
  /** the groups whose labels a scope inherits: a project's namespace and its ancestors, a group's ancestors */
  const ancestorIds = (owner: Owner): Set<number> =>
    new Set(
      owner.kind === 'project'
        ? store.groupAncestors(store.groups.get(owner.project.namespace_id)!).map(g => g.id)
        : store
            .groupAncestors(owner.group)
            .filter(g => g !== owner.group)
            .map(g => g.id),
    )
  // create_label (lib/api/helpers/label_helpers.rb) looks the name up among the labels the scope sees,
  // its ancestors' included, and answers 409 "Label already exists" for one found there
  const assertCreatable = (owner: Owner, name: string) => {
    const inherited = ancestorIds(owner)
    if ([...labels.values()].some(l => l.name === name && (ownedBy(owner)(l) || (l.owner.kind === 'group' && inherited.has(l.owner.id))))) throw invalid(409, 'Label already exists')
  }
  // A rename goes through the model's validations (render_validation_error!, 400): the title is unique
  // within its project or group (app/models/label.rb), and a project label may not take the title of a
  // label of its project's group (title_must_not_exist_at_group_level, app/models/project_label.rb).
  const assertRenamable = (owner: Owner, name: string, except: LabelRecord) => {
    if ([...labels.values()].some(l => l !== except && ownedBy(owner)(l) && l.name === name)) throw invalid(400, {title: ['has already been taken']})
    if (owner.kind !== 'project') return
    const group = store.groups.get(owner.project.namespace_id)!
    if ([...labels.values()].some(l => l.owner.kind === 'group' && l.owner.id === group.id && l.name === name)) {
      throw invalid(400, {title: [`already exists at group level for ${group.name}. Please choose another one.`]})
    }
  }

  for (const kind of ['projects', 'groups'] as const) {
    const base = `/${kind}/:id/labels`

    r.get(base, ctx => {
      const owner = ownerOf(ctx, kind, 'guest')
      const search = optionalString(ctx.input, 'search')?.toLowerCase()
      const archived = optionalBoolean(ctx.input, 'archived')
      const list = visible(ctx, owner)
        .filter(l => !search || l.name.toLowerCase().includes(search) || (l.description ?? '').toLowerCase().includes(search))
        .filter(l => archived === undefined || !store.options.features.has('labels_archive') || l.archived === archived)
        .sort((a, b) => a.name.localeCompare(b.name))
      return paginate(ctx, list, l => renderIn(owner, l, ctx.user))
    })

    r.get(`${base}/:label_id`, ctx => {
      const owner = ownerOf(ctx, kind, 'guest')
      return ok(renderIn(owner, find(ctx, owner), ctx.user))
    })

    r.post(base, ctx => {
      const owner = ownerOf(ctx, kind, 'developer')
      const name = requireString(ctx.input, 'name')
      const color = readColor(ctx, true)!
      assertCreatable(owner, name)
      const label: LabelRecord = {
        id: store.nextId(),
        name,
        color,
        owner: ownerKey(owner),
        description: optionalString(ctx.input, 'description') ?? null,
        priority: readPriority(ctx, owner) ?? null,
        archived: optionalBoolean(ctx.input, 'archived') ?? false,
        subscribers: new Set(),
        open_issues_count: 0,
      }
      labels.set(label.id, label)
      return created(render(label, ctx.user))
    })

    const update = (ctx: Ctx, owner: Owner, label: LabelRecord) => {
      const newName = optionalString(ctx.input, 'new_name')
      const color = readColor(ctx, false)
      const description = optionalString(ctx.input, 'description')
      const archived = optionalBoolean(ctx.input, 'archived')
      const priority = readPriority(ctx, owner)
      // the platform's `at_least_one_of` (the spec's prose asks new_name or color of a project label; the platform does not)
      const fields = owner.kind === 'project' ? {new_name: newName, color, description, priority, archived} : {new_name: newName, color, description, archived}
      if (Object.values(fields).every(v => v === undefined)) throw badRequest(`${Object.keys(fields).join(', ')} are missing, at least one parameter must be provided`)
      if (newName !== undefined) {
        assertRenamable(owner, newName, label)
        label.name = newName
      }
      if (color !== undefined) label.color = color
      if (description !== undefined) label.description = description
      if (archived !== undefined) label.archived = archived
      if (priority !== undefined) label.priority = priority
      return ok(render(label, ctx.user))
    }

    r.put(`${base}/:label_id`, ctx => {
      const owner = ownerOf(ctx, kind, 'developer')
      return update(ctx, owner, find(ctx, owner, undefined, true))
    })

    // The older form the platform still serves (python-gitlab's label.save() and its CLI's `label update`
    // use it): the label named in the body by `name` or `label_id`, exactly one of them.
    r.put(base, ctx => {
      const owner = ownerOf(ctx, kind, 'developer')
      const name = optionalString(ctx.input, 'name')
      const id = optionalString(ctx.input, 'label_id')
      if ((name === undefined) === (id === undefined)) throw badRequest('label_id, name are missing, exactly one parameter must be provided')
      return update(ctx, owner, find(ctx, owner, id ?? name, true))
    })

    r.delete(`${base}/:label_id`, ctx => {
      const owner = ownerOf(ctx, kind, 'developer')
      const label = find(ctx, owner, undefined, true)
      labels.delete(label.id)
      return noContent()
    })

    r.post(`${base}/:label_id/subscribe`, ctx => {
      const owner = ownerOf(ctx, kind, 'guest')
      const label = find(ctx, owner)
      const user = store.requireUser(ctx.user)
      if (label.subscribers.has(user.id)) return notModified()
      label.subscribers.add(user.id)
      return created(renderIn(owner, label, user))
    })

    r.post(`${base}/:label_id/unsubscribe`, ctx => {
      const owner = ownerOf(ctx, kind, 'guest')
      const label = find(ctx, owner)
      const user = store.requireUser(ctx.user)
      if (!label.subscribers.has(user.id)) return notModified()
      label.subscribers.delete(user.id)
      return created(renderIn(owner, label, user))
    })
  }

  // Promotion (app/services/labels/promote_service.rb): a new label of the project's group, with the
  // label's title, colour and description and a new ID; every label of that title among the group's own
  // and those of the group's projects (LabelsFinder with the group: its projects, not its subgroups') is
  // merged into it (subscriptions and each project's priority move: update_priorities) and deleted. A group
  // label is not found here (404), and a project outside a group is a 400.
  r.put('/projects/:id/labels/:label_id/promote', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'developer')
    const group = store.groups.get(project.namespace_id)
    if (!group) throw invalid(400, 'Failed to promote project label to group label')
    store.groupFor(String(group.id), ctx.user, 'developer')
    const label = find(ctx, {kind: 'project', project}, undefined, true)
    const projectIds = new Set([...store.projects.values()].filter(p => p.namespace_id === group.id).map(p => p.id))
    const merged = [...labels.values()].filter(l => l.name === label.name && ((l.owner.kind === 'group' && l.owner.id === group.id) || (l.owner.kind === 'project' && projectIds.has(l.owner.id))))
    const promoted: LabelRecord = {
      id: store.nextId(),
      owner: {kind: 'group', id: group.id},
      name: label.name,
      color: label.color,
      description: label.description,
      priority: null,
      archived: false,
      subscribers: new Set(merged.flatMap(l => [...l.subscribers])),
      open_issues_count: merged.reduce((sum, l) => sum + l.open_issues_count, 0),
      projectPriorities: new Map(merged.flatMap(l => (l.owner.kind === 'project' ? (l.priority === null ? [] : [[l.owner.id, l.priority] as const]) : [...(l.projectPriorities ?? [])]))),
    }
    for (const l of merged) labels.delete(l.id)
    labels.set(promoted.id, promoted)
    return ok(render(promoted, ctx.user))
  })

  // Deprecated forms that take the label by name in the parameters.
  r.delete('/projects/:id/labels', ctx => {
    const project = store.projectFor(ctx.params.id!, ctx.user, 'developer')
    const name = requireString(ctx.input, 'name')
    const label = [...labels.values()].find(l => ownedBy({kind: 'project', project})(l) && l.name === name)
    if (!label) throw notFound('Label')
    labels.delete(label.id)
    return noContent()
  })
}

function ownerKey(owner: Owner): LabelRecord['owner'] {
  return owner.kind === 'project' ? {kind: 'project', id: owner.project.id} : {kind: 'group', id: owner.group.id}
}

/** white text on dark colours, dark text on light ones (the platform's text_color) */
function textColor(color: string): string {
  if (!HEX.test(color)) return '#FFFFFF'
  const hex = color.length === 4 ? [...color.slice(1)].map(c => c + c).join('') : color.slice(1)
  const [r, g, b] = [0, 2, 4].map(i => parseInt(hex.slice(i, i + 2), 16))
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 186 ? '#333333' : '#FFFFFF'
}

function seedLabels(store: Store): Map<number, LabelRecord> {
  const labels = new Map<number, LabelRecord>()
  const add = (owner: LabelRecord['owner'], name: string, color: string, description: string | null, priority: number | null = null) => {
    const id = store.nextId()
    labels.set(id, {id, owner, name, color, description, priority, archived: false, subscribers: new Set(), open_issues_count: 0})
  }
  add({kind: 'project', id: 20}, 'bug', '#d9534f', 'Something is broken', 1)
  add({kind: 'project', id: 20}, 'feature', '#5cb85c', 'New functionality')
  add({kind: 'project', id: 22}, 'good first issue', '#7057ff', null)
  add({kind: 'group', id: 10}, 'priority::high', '#ff0000', 'Needs attention this week')
  add({kind: 'group', id: 12}, 'community', '#428bca', null)
  for (let i = 1; i <= store.options.seedLabels; i++) add({kind: 'project', id: 21}, `label-${String(i).padStart(6, '0')}`, '#6699cc', null)
  return labels
}

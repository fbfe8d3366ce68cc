// Feature flag user lists of a project, as lib/api/feature_flags_user_lists.rb serves them (issue 34): the
// model's checks (app/models/operations/feature_flags/user_list.rb, app/validators/feature_flag_user_xids_validator.rb)
// answer 400 with the full messages as an array, a missing list is the generic "404 Not found", and a PUT
// with nothing to change is an update that changes nothing (200).
import {badRequest, created, HttpError, noContent, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, optionalString, type Router} from '../router.js'
import {type SandboxProject, SEED_TIME, type Store} from '../store.js'

interface UserListRecord {
  id: number
  iid: number
  project_id: number
  name: string
  user_xids: string
  created_at: string
  updated_at: string
}

const XID_MAX = 256
const NAME_MAX = 255

export default function register(r: Router, store: Store): void {
  const {lists, lastIid} = store.slice('feature-user-lists', () => seedLists(store))

  const projectOf = (ctx: Ctx): SandboxProject => store.projectFor(ctx.params.id!, ctx.user, 'developer')
  const ofProject = (project: SandboxProject) => [...lists.values()].filter(l => l.project_id === project.id)
  const find = (ctx: Ctx, project: SandboxProject): UserListRecord => {
    const list = ofProject(project).find(l => String(l.iid) === ctx.params.iid)
    // find_by_iid! raises RecordNotFound, which the API answers with its generic words
    if (!list) throw new HttpError(404, {message: '404 Not found'})
    return list
  }
  const render = (l: UserListRecord, project: SandboxProject) => {
    const path = `/${project.path_with_namespace}/-/feature_flags_user_lists/${l.iid}`
    return {id: l.id, iid: l.iid, project_id: l.project_id, created_at: l.created_at, updated_at: l.updated_at, name: l.name, user_xids: l.user_xids, path, edit_path: `${path}/edit`}
  }

  /** the model's full messages for a name and a list of IDs, [] when both are valid */
  const problems = (project: SandboxProject, name: string, xids: string, except?: UserListRecord): string[] => {
    const found: string[] = []
    if (name.trim() === '') found.push("Name can't be blank")
    if ([...name].length < 1) found.push('Name is too short (minimum is 1 character)')
    if ([...name].length > NAME_MAX) found.push(`Name is too long (maximum is ${NAME_MAX} characters)`)
    if (ofProject(project).some(l => l !== except && l.name === name)) found.push('Name has already been taken')
    if (!validXids(xids)) found.push(`User xids user_xids must be a string of unique comma separated values each ${XID_MAX} characters or less`)
    return found
  }
  const refuse = (messages: string[]) => {
    if (messages.length > 0) throw new HttpError(400, {message: messages})
  }

  const base = '/projects/:id/feature_flags_user_lists'

  r.get(base, ctx => {
    const project = projectOf(ctx)
    const search = optionalString(ctx.input, 'search')?.toLowerCase()
    const found = ofProject(project)
      .filter(l => !search || l.name.toLowerCase().includes(search))
      .sort((a, b) => a.iid - b.iid)
    return paginate(ctx, found, l => render(l, project))
  })

  r.get(`${base}/:iid`, ctx => {
    const project = projectOf(ctx)
    return ok(render(find(ctx, project), project))
  })

  r.post(base, ctx => {
    const project = projectOf(ctx)
    const name = requiredText(ctx, 'name')
    const user_xids = requiredText(ctx, 'user_xids')
    refuse(problems(project, name, user_xids))
    // "iid per project": the next number after the highest this project has handed out
    const iid = Math.max(lastIid.get(project.id) ?? 0, ...ofProject(project).map(l => l.iid)) + 1
    lastIid.set(project.id, iid)
    const now = store.now()
    const list: UserListRecord = {id: store.nextId(), iid, project_id: project.id, name, user_xids, created_at: now, updated_at: now}
    lists.set(list.id, list)
    return created(render(list, project))
  })

  r.put(`${base}/:iid`, ctx => {
    const project = projectOf(ctx)
    const list = find(ctx, project)
    const name = optionalString(ctx.input, 'name') ?? list.name
    const user_xids = optionalString(ctx.input, 'user_xids') ?? list.user_xids
    refuse(problems(project, name, user_xids, list))
    // an update that changes nothing leaves updated_at as it was
    if (name !== list.name || user_xids !== list.user_xids) Object.assign(list, {name, user_xids, updated_at: store.now()})
    return ok(render(list, project))
  })

  r.delete(`${base}/:iid`, ctx => {
    const list = find(ctx, projectOf(ctx))
    lists.delete(list.id)
    return noContent()
  })
}

/** Grape's `requires ... type: String`: present, maybe empty (the model judges an empty value) */
function requiredText(ctx: Ctx, name: string): string {
  const value = ctx.input[name]
  if (value === undefined || value === null) throw badRequest(`${name} is missing`)
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`${name} is invalid`)
  return String(value)
}

/**
 * FeatureFlagUserXidsValidator: no tab or line break, no ",,", and each ID unique, non-blank, without
 * surrounding spaces and 256 characters at most; an empty string is a valid empty list.
 */
function validXids(value: string): boolean {
  if (/[\n\r\t]|,,/.test(value)) return false
  // Ruby's split drops trailing empty fields: "a," is ["a"], "" is []
  const xids = value.split(',')
  while (xids.at(-1) === '') xids.pop()
  return new Set(xids).size === xids.length && xids.every(x => x.trim() !== '' && x.trim() === x && x.length <= XID_MAX)
}

interface UserListsState {
  lists: Map<number, UserListRecord>
  /** the highest iid each project has handed out: iids are never reused, even after a delete */
  lastIid: Map<number, number>
}

function seedLists(store: Store): UserListsState {
  const lists = new Map<number, UserListRecord>()
  const add = (project_id: number, iid: number, name: string, user_xids: string) => {
    const id = store.nextId()
    lists.set(id, {id, iid, project_id, name, user_xids, created_at: SEED_TIME, updated_at: SEED_TIME})
  }
  add(20, 1, 'beta-testers', 'user-1001,user-1002,user-1003')
  add(20, 2, 'internal-staff', 'alice@acme.example.com,bob@acme.example.com')
  add(22, 1, 'early-adopters', '42,77')
  return {lists, lastIid: new Map()}
}

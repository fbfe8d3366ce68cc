// Feature flag user lists of a project (document 2, "Feature flag user lists (role: at least Developer)").
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, optionalString, type Router, requireString} from '../router.js'
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
    if (!list) throw notFound()
    return list
  }
  const render = (l: UserListRecord) => ({...l})

  /** "user_xids (string, comma-separated external user IDs)": unique, non-empty, 256 characters each at most */
  const readXids = (value: string): string => {
    const xids = value.split(',').map(x => x.trim())
    if (xids.some(x => x === '' || x.length > XID_MAX) || new Set(xids).size !== xids.length) {
      throw invalid(400, {user_xids: [`must be a string of unique comma separated values each ${XID_MAX} characters or less`]})
    }
    return xids.join(',')
  }
  const readName = (project: SandboxProject, name: string, except?: UserListRecord): string => {
    if (name.length > NAME_MAX) throw invalid(400, {name: [`is too long (maximum is ${NAME_MAX} characters)`]})
    if (ofProject(project).some(l => l !== except && l.name === name)) throw invalid(400, {name: ['has already been taken']})
    return name
  }

  const base = '/projects/:id/feature_flags_user_lists'

  r.get(base, ctx => {
    const project = projectOf(ctx)
    const search = optionalString(ctx.input, 'search')?.toLowerCase()
    const found = ofProject(project)
      .filter(l => !search || l.name.toLowerCase().includes(search))
      .sort((a, b) => a.iid - b.iid)
    return paginate(ctx, found, render)
  })

  r.get(`${base}/:iid`, ctx => ok(render(find(ctx, projectOf(ctx)))))

  r.post(base, ctx => {
    const project = projectOf(ctx)
    const name = readName(project, requireString(ctx.input, 'name'))
    const user_xids = readXids(requireString(ctx.input, 'user_xids'))
    // "iid per project": the next number after the highest this project has handed out
    const iid = Math.max(lastIid.get(project.id) ?? 0, ...ofProject(project).map(l => l.iid)) + 1
    lastIid.set(project.id, iid)
    const now = store.now()
    const list: UserListRecord = {id: store.nextId(), iid, project_id: project.id, name, user_xids, created_at: now, updated_at: now}
    lists.set(list.id, list)
    return created(render(list))
  })

  r.put(`${base}/:iid`, ctx => {
    const project = projectOf(ctx)
    const list = find(ctx, project)
    const name = optionalString(ctx.input, 'name')
    const xids = optionalString(ctx.input, 'user_xids')
    if (name === undefined && xids === undefined) throw badRequest('name, user_xids are missing, at least one parameter must be provided')
    const nextName = name === undefined ? list.name : readName(project, name, list)
    const nextXids = xids === undefined ? list.user_xids : readXids(xids)
    Object.assign(list, {name: nextName, user_xids: nextXids, updated_at: store.now()})
    return ok(render(list))
  })

  r.delete(`${base}/:iid`, ctx => {
    const list = find(ctx, projectOf(ctx))
    lists.delete(list.id)
    return noContent()
  })
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

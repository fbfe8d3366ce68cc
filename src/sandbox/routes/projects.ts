// The read-only lists and record of projects (`/projects`, `/projects/:id`, `/groups/:id/projects` with
// include_subgroups): what the caller may see (directory.ts), newest first by default.
import {directoryViews} from '../directory.js'
import {ok} from '../http.js'
import type {KeysetOffer} from '../keyset.js'
import {paginate} from '../paginate.js'
import {optionalBoolean, type Router} from '../router.js'
import type {SandboxProject, Store} from '../store.js'

export default function register(r: Router, store: Store): void {
  const {renderProject, projectRenderer, filterProjects, sortProjects} = directoryViews(store)

  r.get('/projects', ctx => paginate(ctx, sortProjects(ctx, filterProjects(ctx, [...store.projects.values()])), projectRenderer(ctx), PROJECT_KEYSET), {anonymous: true})

  r.get('/projects/:id', ctx => ok(renderProject(store.projectFor(ctx.params.id!, ctx.user, 0))), {anonymous: true})

  // offset pagination only: lib/api/groups.rb calls `paginate` here, not the keyset strategies
  r.get(
    '/groups/:id/projects',
    ctx => {
      const group = store.groupFor(ctx.params.id!, ctx.user, 0)
      const subgroups = optionalBoolean(ctx.input, 'include_subgroups') ?? false
      const inGroup = (p: SandboxProject) => {
        const home = store.groups.get(p.namespace_id)
        return home !== undefined && (home === group || (subgroups && store.groupAncestors(home).includes(group)))
      }
      const projects = filterProjects(ctx, [...store.projects.values()].filter(inGroup))
      return paginate(ctx, sortProjects(ctx, projects), projectRenderer(ctx))
    },
    {anonymous: true},
  )
}

// GET /projects offers keyset pagination by id (keyset.ts)
const PROJECT_KEYSET: KeysetOffer<SandboxProject> = {type: 'Project', style: 'id', capped: false, id: p => p.id}

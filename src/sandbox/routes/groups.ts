// The read-only lists and record of groups (`/groups`, `/groups/:id`, `/groups/:id/subgroups`): what the
// caller may see (directory.ts), by name by default.
import {directoryViews} from '../directory.js'
import {ok} from '../http.js'
import type {KeysetOffer} from '../keyset.js'
import {paginate} from '../paginate.js'
import {optionalBoolean, type Router} from '../router.js'
import type {SandboxGroup, Store} from '../store.js'

export default function register(r: Router, store: Store): void {
  const {seesGroup, renderGroup, sortGroups, matches} = directoryViews(store)

  r.get(
    '/groups',
    ctx => {
      const topLevel = optionalBoolean(ctx.input, 'top_level_only') ?? false
      const owned = optionalBoolean(ctx.input, 'owned') ?? false
      const groups = [...store.groups.values()]
        .filter(seesGroup(ctx.user))
        .filter(g => !topLevel || g.parent_id === null)
        .filter(g => !owned || (ctx.user !== null && g.members.get(ctx.user.id) === 50))
        .filter(g => matches(ctx, g.name, g.path))
      return paginate(ctx, sortGroups(ctx, groups), renderGroup, GROUP_KEYSET)
    },
    {anonymous: true},
  )

  r.get('/groups/:id', ctx => ok(renderGroup(store.groupFor(ctx.params.id!, ctx.user, 0))), {anonymous: true})

  // offset pagination only: lib/api/groups.rb calls `paginate` here, not the keyset strategies
  r.get(
    '/groups/:id/subgroups',
    ctx => {
      const group = store.groupFor(ctx.params.id!, ctx.user, 0)
      const children = [...store.groups.values()].filter(g => g.parent_id === group.id && seesGroup(ctx.user)(g) && matches(ctx, g.name, g.path))
      return paginate(ctx, sortGroups(ctx, children), renderGroup)
    },
    {anonymous: true},
  )
}

// app/models/group.rb, supported_keyset_orderings: name, ascending
const GROUP_KEYSET: KeysetOffer<SandboxGroup> = {type: 'Group', style: 'cursor', orderings: {name: ['asc']}, defaults: {order_by: 'name', sort: 'asc'}, capped: true, id: g => g.id}

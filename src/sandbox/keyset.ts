// The platform's keyset pagination (`pagination=keyset`) and its cap on offset pagination, for the lists
// that offer them (lib/api/helpers/pagination_strategies.rb):
// - projects (lib/gitlab/pagination/keyset.rb, keyset/request_context.rb, keyset/pager.rb): order_by id
//   only (desc by default), the next page named by `id_after` (asc) or `id_before` (desc) in a Link
//   rel="next" that every page with a record carries;
// - users and groups (lib/gitlab/pagination/cursor_based_keyset.rb, keyset/cursor_pager.rb): the
//   orderings the model supports (User: id, name, username, created_at, updated_at, either way; Group:
//   name ascending), an opaque `cursor`, and a Link rel="next" only when more follow. They are also the
//   types whose offset pagination is capped: past the plan's offset_pagination_limit (50,000 by default)
//   a page is refused with 405, pointing to keyset.
// A keyset page carries no X-Total, X-Total-Pages, X-Page or X-Next-Page.
import {HttpError, type Reply} from './http.js'
import type {Ctx} from './router.js'
import {webUrl} from './web-url.js'

const MAX_PER_PAGE = 100

/** `id`: the projects' id_after/id_before; `cursor`: the cursor-based keyset of users and groups */
export type KeysetOffer<T> = KeysetBase<T> & ({style: 'id'} | CursorStyle)

interface KeysetBase<T> {
  /** the model's name in the platform's messages (Project, User, Group) */
  type: string
  /** offset pagination past offset_pagination_limit is refused (Group, User) */
  capped: boolean
  id(item: T): number
}

interface CursorStyle {
  style: 'cursor'
  /** order_by → the directions it supports */
  orderings: Readonly<Record<string, readonly ('asc' | 'desc')[]>>
  /** the order_by and sort the endpoint uses when none is given */
  defaults: {order_by: string; sort: 'asc' | 'desc'}
}

export const OFFSET_PAGINATION_LIMIT = 50_000

const refused = (message: string) => new HttpError(405, {message})

/** the 405 of an offset page past the cap, or nothing */
export function checkOffsetCap<T>(ctx: Ctx, offer: KeysetOffer<T> | undefined): void {
  if (!offer?.capped || ctx.input.pagination === 'keyset') return
  const perPage = clampPerPage(ctx)
  const page = Math.max(1, Number(ctx.input.page ?? 1) || 1)
  const limit = ctx.store.options.offsetPaginationLimit ?? OFFSET_PAGINATION_LIMIT
  if (limit > 0 && page * perPage > limit) {
    throw refused(`Offset pagination has a maximum allowed offset of ${limit} for requests that return objects of type ${offer.type}. Remaining records can be retrieved using keyset pagination.`)
  }
}

/**
 * One keyset page of `sorted` (already in the order the request asks for; for projects the order is
 * the id's, set here). Unsupported orders are a 405, as the platform answers them.
 */
export function keysetPage<T>(ctx: Ctx, sorted: readonly T[], offer: KeysetOffer<T>, render: (item: T) => unknown): Reply {
  const perPage = clampPerPage(ctx)
  const url = new URL(ctx.req.url ?? '/', webUrl())
  const unavailable = () => refused('Keyset pagination is not yet available for this type of request')
  const link = (set: Record<string, string>, drop: readonly string[]) => {
    const next = new URL(url)
    for (const key of drop) next.searchParams.delete(key)
    for (const [key, value] of Object.entries(set)) next.searchParams.set(key, value)
    return {Link: `<${next.toString()}>; rel="next"`}
  }
  if (offer.style === 'id') {
    const orderBy = typeof ctx.input.order_by === 'string' ? ctx.input.order_by : 'id'
    if (orderBy !== 'id') throw unavailable()
    const descending = (ctx.input.sort ?? 'desc') === 'desc'
    const byId = [...sorted].sort((a, b) => (descending ? offer.id(b) - offer.id(a) : offer.id(a) - offer.id(b)))
    const after = Number(ctx.input.id_after)
    const before = Number(ctx.input.id_before)
    const rest = byId.filter(
      item =>
        (Number.isFinite(after) && ctx.input.id_after !== undefined ? offer.id(item) > after : true) && (ctx.input.id_before !== undefined && Number.isFinite(before) ? offer.id(item) < before : true),
    )
    const page = rest.slice(0, perPage)
    const last = page.at(-1)
    // the platform's pager names a next page after any page with a record: the one after the last is empty
    const headers = last === undefined ? {} : link({[descending ? 'id_before' : 'id_after']: String(offer.id(last))}, ['id_after', 'id_before'])
    return {status: 200, body: page.map(render), headers}
  }
  const orderBy = typeof ctx.input.order_by === 'string' ? ctx.input.order_by : offer.defaults.order_by
  const sort = typeof ctx.input.sort === 'string' ? ctx.input.sort : offer.defaults.sort
  if (!offer.orderings[orderBy]?.includes(sort as 'asc' | 'desc')) throw unavailable()
  let start = 0
  if (typeof ctx.input.cursor === 'string' && ctx.input.cursor !== '') {
    const id = readCursor(ctx.input.cursor)
    const at = sorted.findIndex(item => offer.id(item) === id)
    start = at + 1
  }
  const page = sorted.slice(start, start + perPage)
  const last = page.at(-1)
  const more = start + perPage < sorted.length
  const headers = more && last !== undefined ? link({cursor: Buffer.from(JSON.stringify({id: String(offer.id(last)), _kd: 'n'})).toString('base64url')}, ['cursor']) : {}
  return {status: 200, body: page.map(render), headers}
}

function readCursor(cursor: string): number {
  try {
    const id = Number((JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {id?: unknown}).id)
    if (Number.isInteger(id)) return id
  } catch {
    // answered below
  }
  throw new HttpError(400, {message: '400 Bad request - cursor is invalid'})
}

function clampPerPage(ctx: Ctx): number {
  return Math.min(MAX_PER_PAGE, Math.max(1, Math.trunc(Number(ctx.input.per_page ?? 20) || 20)))
}

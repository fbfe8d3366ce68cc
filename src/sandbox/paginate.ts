// The platform's offset pagination: page/per_page in, X-* headers and a Link header out.
import type {Reply} from './http.js'
import {checkOffsetCap, type KeysetOffer, keysetPage} from './keyset.js'
import type {Ctx} from './router.js'
import {webUrl} from './web-url.js'

const MAX_PER_PAGE = 100

/** `keyset`: the list also offers keyset pagination, and caps offset pagination where the platform does (keyset.ts) */
export function paginate<T>(ctx: Ctx, items: readonly T[], render: (item: T) => unknown = item => item, keyset?: KeysetOffer<T>): Reply {
  if (keyset && ctx.input.pagination === 'keyset') return keysetPage(ctx, items, keyset, render)
  checkOffsetCap(ctx, keyset)
  const perPage = clamp(Number(ctx.input.per_page ?? 20) || 20, 1, MAX_PER_PAGE)
  const page = Math.max(1, Number(ctx.input.page ?? 1) || 1)
  const total = items.length
  const totalPages = Math.max(1, Math.ceil(total / perPage))
  const slice = items.slice((page - 1) * perPage, page * perPage)
  // Large collections omit the totals (the platform does so past 10,000 records); clients must then
  // follow X-Next-Page or the Link header.
  const withTotals = total <= ctx.store.options.totalsLimit
  // on the sandbox's own address, or python-gitlab warns that the server's URL differs from its own
  const url = new URL(ctx.req.url ?? '/', webUrl())
  const linkTo = (p: number) => {
    const u = new URL(url)
    u.searchParams.set('page', String(p))
    u.searchParams.set('per_page', String(perPage))
    return u.toString()
  }
  const next = page < totalPages ? page + 1 : null
  const prev = page > 1 ? page - 1 : null
  const links = [
    ...(prev ? [`<${linkTo(prev)}>; rel="prev"`] : []),
    ...(next ? [`<${linkTo(next)}>; rel="next"`] : []),
    `<${linkTo(1)}>; rel="first"`,
    ...(withTotals ? [`<${linkTo(totalPages)}>; rel="last"`] : []),
  ]
  const headers: Record<string, string> = {
    'X-Page': String(page),
    'X-Per-Page': String(perPage),
    'X-Next-Page': next ? String(next) : '',
    'X-Prev-Page': prev ? String(prev) : '',
    Link: links.join(', '),
  }
  if (withTotals) {
    headers['X-Total'] = String(total)
    headers['X-Total-Pages'] = String(totalPages)
  }
  return {status: 200, body: slice.map(render), headers}
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(n)))
}

// What keeps `--all` from going round forever, whatever the pages say. A server that names a page
// already read as the next one (X-Next-Page that always says 2, a Link to the page just read), or
// that sends the same records under another page number (a proxy that drops the query, with a page
// count of a billion), once made 30,000-80,000 requests in twelve seconds without end. Each page
// asked for is remembered (as the AWS CLI stops on "the same next token twice"), and so is each
// page's records, by a hash of its first and last record: neither may come twice. An empty page ends
// the list, whatever total or next page came with it. A server that invents new pages without end
// passes both: no more than `limit` pages are read of one list (page-limit.ts), and a next page past
// the count the first page announced (X-Total-Pages) is refused, the server contradicting itself.
import {CliError} from '../base/errors.js'
import {raiseHint} from '../config/page-limit.js'
import {type Query, toSearchParams} from '../http/request.js'

/** the longest piece of a server's header quoted in a message */
const SHOWN_CHARS = 100

export class PageGuard {
  private readonly asked = new Set<number>()
  private readonly seen = new Map<number, string>()
  private pages = 0

  /** the page count the first page announced (X-Total-Pages), when it did, and how many of them this run reads */
  private announced: {total: number; readable: number} | undefined

  /**
   * `where`: the list's request, `GET /api/v4/projects/20/labels`, for messages; `limit`: the most
   * pages read of it (FORGECTL_MAX_PAGES, the profile's `max-pages`)
   */
  constructor(
    private readonly where: string,
    readonly limit: number,
  ) {}

  /** the first page's X-Total-Pages, when it is a page count: no next page may go past it (`startPage`: --page) */
  announce(totalPages: number, startPage: number): void {
    if (Number.isInteger(totalPages) && totalPages >= 1) this.announced = {total: totalPages, readable: totalPages - startPage + 1}
  }

  /**
   * Before a page is asked for: one asked for already is refused, and so is one past the bound or past
   * the count the server announced.
   */
  ask(query: Query): void {
    const key = pageKey(query)
    if (this.announced !== undefined && this.pages >= this.announced.readable) {
      throw new CliError(
        `the server named a next page (${shorten(key)}) past the ${plural(this.announced.total)} its first page announced (X-Total-Pages), contradicting itself; stopped after ${plural(this.pages)}, the list incomplete (${this.where})`,
      )
    }
    this.checkBound()
    const hash = hashText(key)
    if (this.asked.has(hash)) {
      throw new CliError(`the server named a page already read as the next one (${shorten(key)}); stopped after ${plural(this.pages)} (${this.where})`)
    }
    this.asked.add(hash)
  }

  /** the list goes on past the bound: refused before another page is asked for */
  checkBound(): void {
    if (this.pages < this.limit) return
    throw new CliError(
      `the list goes on past ${plural(this.limit)}, the most forgectl reads of one list; stopped after ${plural(this.pages)}, the list incomplete (${this.where}): ${raiseHint(this.limit)}`,
    )
  }

  /** a page that arrived: false when it is empty (the list ends there); one that repeats an earlier page's records is refused */
  accept(items: readonly unknown[], label: string): boolean {
    if (items.length === 0) return false
    const print = hashText(`${items.length}\n${JSON.stringify(items[0])}\n${JSON.stringify(items.at(-1))}`)
    const earlier = this.seen.get(print)
    if (earlier !== undefined) throw new CliError(`${label} holds the same records as ${earlier}: the server is not moving on (${this.where})`)
    this.seen.set(print, label)
    this.pages++
    return true
  }
}

/** the query that names a page, whatever its order or form; a query without `page` asks for page 1 */
export function pageKey(query: Query): string {
  const params = toSearchParams(query)
  if (!params.has('page')) params.set('page', '1')
  params.sort()
  return params.toString()
}

function plural(pages: number): string {
  return `${pages} page${pages === 1 ? '' : 's'}`
}

export function shorten(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text
}

/**
 * 53 bits of a string (cyrb53): what is remembered of each page, so that memory does not grow with the
 * size of pages or of Link queries. A collision could only end a list early, never make one endless.
 */
function hashText(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

// The path of a request as it goes on the wire. WHATWG's URL parser (`new URL`, which node:http, undici
// and fetch all use) reads a `.` or `..` segment, and its encoded forms (`%2e`, `.%2E`, `%2E%2e`...), as
// "this folder" and "the parent" and removes it: `labels delete ..` was sent as `DELETE /projects/1/`
// (issue 23). Here a path is kept segment by segment as it was built, a dot segment as a name
// (`%2E%2E`), every other character encoded as WHATWG encodes a path; the query is WHATWG's. The
// transport sends this target, and --dry-run, --verbose and errors show it.

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i
/** `scheme://user@host:port`: WHATWG skips any mix of slashes and backslashes after a special scheme */
const AUTHORITY = /^[a-z][a-z0-9+.-]*:[\\/]*[^\\/?#]*/i
/** what WHATWG removes before it reads a URL: ASCII tabs and newlines anywhere, C0 controls and spaces around it */
const IGNORED = /[\t\n\r]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters the URL standard trims
const AROUND = /^[\x00-\x20]+|[\x00-\x20]+$/g

/** one segment as sent: a dot segment as a name, anything else as WHATWG encodes it */
function segmentAsSent(segment: string): string {
  if (DOT_SEGMENT.test(segment)) return segment.replace(/%2e/gi, '.').replaceAll('.', '%2E')
  // between two other segments, so that nothing of it is at the edge of the URL, where spaces are dropped
  const path = new URL(`http://h/-/${segment}/-`).pathname
  return path.slice('/-/'.length, -'/-'.length)
}

function clean(href: string): string {
  return href.replace(IGNORED, '').replace(AROUND, '')
}

/** the path part of an absolute URL as sent: `http://h/a/../b` → `/a/%2E%2E/b` */
export function pathAsSent(href: string): string {
  const rest = clean(href).replace(AUTHORITY, '')
  const path = rest.split(/[?#]/, 1)[0]!.replaceAll('\\', '/')
  return path === '' ? '/' : path.split('/').map(segmentAsSent).join('/')
}

/** what follows the method on the request line: the path as sent and the query, never the fragment */
export function requestTarget(href: string): string {
  return pathAsSent(href) + new URL(href).search
}

/** an absolute URL as it is sent: its scheme and authority as given, then the request target */
export function sentUrl(href: string): string {
  return (clean(href).match(AUTHORITY)?.[0] ?? '') + requestTarget(href)
}

/** whether a path as typed (`group/..`, `/projects/1/labels/..?x=1`) holds a literal `.` or `..` segment */
export function hasDotSegment(path: string): boolean {
  return path
    .split(/[?#]/, 1)[0]!
    .split(/[\\/]/)
    .some(segment => segment === '.' || segment === '..')
}

/**
 * Where a redirect's Location leads, as it will be sent. A Location is a reference (RFC 3986, 5.2): its
 * plain `.` and `..` segments are resolved, as they mean "this folder" and "the parent" there; an
 * encoded one (`%2E%2E`) is a name the server wrote on purpose, and stays one.
 */
export function locationTarget(location: string, base: string): string {
  const resolved = new URL(location, base)
  const given = clean(location)
  const pathOf = (text: string) => text.split(/[?#]/, 1)[0]!.replaceAll('\\', '/')
  let path: string
  // http and https ignore any number of slashes before the host (WHATWG: `///a` is host a, path /)
  if (/^[a-z][a-z0-9+.-]*:[\\/]{2}/i.test(given) || /^[\\/]{2}/.test(given)) path = pathOf(given.replace(/^[a-z][a-z0-9+.-]*:/i, '').replace(/^[\\/]{2,}[^\\/?#]*/, ''))
  else if (/^[\\/]/.test(given)) path = pathOf(given)
  else if (/^[?#]/.test(given) || given === '') path = pathAsSent(base)
  else path = pathAsSent(base).replace(/[^/]*$/, '') + pathOf(given)
  const user = resolved.username ? `${resolved.username}${resolved.password ? `:${resolved.password}` : ''}@` : ''
  return sentUrl(`${resolved.protocol}//${user}${resolved.host}${removeDotSegments(path)}${resolved.search}`)
}

/** RFC 3986, 5.2.4, on plain segments only: `/a/b/../c/.` → `/a/c/` */
function removeDotSegments(path: string): string {
  const segments = path.split('/')
  const out: string[] = []
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1
    if (segment === '.' || segment === '..') {
      if (segment === '..' && out.length > 1) out.pop()
      if (last) out.push('')
    } else {
      out.push(segment)
    }
  }
  return out.join('/') || '/'
}

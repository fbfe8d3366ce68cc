// Selection keys of a state file (`acme/**`, `acme/platform/*`): full paths and globs over the
// platform's slash-separated paths. `*` matches one path segment, `**` any number of them (none too,
// between two segments): `acme/**` selects every project under acme at any depth.

/** true when the key holds a wildcard, so that it selects by listing rather than by one lookup */
export const isGlob = (key: string): boolean => key.includes('*')

/** the segments before the first wildcard: the group whose listing holds every match (`acme` for `acme/**`; none for `**`: every one the token sees) */
export function literalPrefix(key: string): string {
  const segments = key.split('/')
  const first = segments.findIndex(segment => segment.includes('*'))
  return segments.slice(0, first === -1 ? segments.length : first).join('/')
}

const literal = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

/**
 * A glob as a regular expression over a whole path; paths compare case-insensitively, as the platform's
 * do. `**` is one or more segments alone or last (`**` is every path, a/** is not a), and any number of
 * them, none too, before or between others (`**` + `/api` is api and acme/platform/api).
 */
export function globPattern(key: string): RegExp {
  const segments = key.split('/')
  let source = ''
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1
    // after a leading `**`, which brings its own slash, a segment starts without one
    const slash = index === 0 || (index === 1 && segments[0] === '**') ? '' : '/'
    if (segment !== '**') source += `${slash}${segment.split('*').map(literal).join('[^/]*')}`
    else if (index === 0) source += last ? '[^/]+(?:/[^/]+)*' : '(?:[^/]+/)*'
    else source += last ? '(?:/[^/]+)+' : '(?:/[^/]+)*'
  })
  return new RegExp(`^${source}$`, 'i')
}

export function matchesGlob(key: string, path: string): boolean {
  return globPattern(key).test(path)
}

/** what is wrong with a selection key, or undefined: empty segments, a wildcard inside `**` */
export function keyProblem(key: string): string | undefined {
  if (key.trim() === '') return 'must be a path or a glob, not empty'
  const segments = key.split('/')
  if (segments.some(segment => segment === '')) return 'has an empty path segment (a leading, trailing or doubled /)'
  if (segments.some(segment => segment.includes('**') && segment !== '**')) return '** must be a whole path segment (acme/**, not acme/x**)'
  if (segments.some((segment, index) => segment === '**' && segments[index + 1] === '**')) return '**/** says ** twice: one is any number of segments'
  return undefined
}

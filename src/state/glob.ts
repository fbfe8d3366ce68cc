// Selection keys of a state file (`acme/**`, `acme/platform/*`): full paths and globs over the
// platform's slash-separated paths. `*` matches one path segment, `**` any number of them (none too,
// between two segments): `acme/**` selects every project under acme at any depth.

/** true when the key holds a wildcard, so that it selects by listing rather than by one lookup */
export const isGlob = (key: string): boolean => key.includes('*')

/** the segments before the first wildcard: the group whose listing holds every match (`acme` for `acme/**`) */
export function literalPrefix(key: string): string {
  const segments = key.split('/')
  const first = segments.findIndex(segment => segment.includes('*'))
  return segments.slice(0, first === -1 ? segments.length : first).join('/')
}

const literal = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

/**
 * A glob as a regular expression over a whole path; paths compare case-insensitively, as the platform's
 * do. The first segment is literal (keyProblem refuses the others).
 */
export function globPattern(key: string): RegExp {
  const [first = '', ...rest] = key.split('/')
  let source = literal(first)
  rest.forEach((segment, index) => {
    // `**` between two segments is zero or more of them (a/**/b is a/b too); a trailing one at least one (a/** is not a)
    if (segment === '**') source += index === rest.length - 1 ? '(?:/[^/]+)+' : '(?:/[^/]+)*'
    else source += `/${segment.split('*').map(literal).join('[^/]*')}`
  })
  return new RegExp(`^${source}$`, 'i')
}

export function matchesGlob(key: string, path: string): boolean {
  return globPattern(key).test(path)
}

/** what is wrong with a selection key, or undefined: empty segments, a wildcard inside `**`, no group to list */
export function keyProblem(key: string): string | undefined {
  if (key.trim() === '') return 'must be a path or a glob, not empty'
  const segments = key.split('/')
  if (segments.some(segment => segment === '')) return 'has an empty path segment (a leading, trailing or doubled /)'
  if (segments.some(segment => segment.includes('**') && segment !== '**')) return '** must be a whole path segment (acme/**, not acme/x**)'
  if (isGlob(key) && literalPrefix(key) === '') return 'a glob must start with a group path (acme/**, not **/api): forgectl lists that group'
  return undefined
}

// The secret inputs of the endpoints forgectl has commands for, by path: `forgectl api` sends what it
// is given, and a value written through it (a CI/CD variable's, a hook's URL and token) is as secret
// there as through the endpoint's own command, in traces, dry runs and errors. The declarations stay
// the one source (secretFieldsOf); only which path is whose is said here.
import {secretFieldsOf} from '../core/input/input.js'
import {VARIABLE_INPUTS} from './ci-variables.js'
import {NEW_HOOK, URL_VARIABLE} from './hooks.js'
import {NEW_MIRROR} from './mirrors.js'

const END = '(?:[/?]|$)'
const ONE = '[^/?]+'

/** the most specific first: a hook's URL variables are below the hook */
const SECRET_PATHS: ReadonlyArray<[RegExp, readonly string[]]> = [
  [new RegExp(`^/(?:(?:projects|groups)/${ONE}/)?hooks/${ONE}/url_variables${END}`), secretFieldsOf(URL_VARIABLE)],
  // project and group variables take the instance's inputs, value included
  [new RegExp(`^/(?:admin/ci|(?:projects|groups)/${ONE})/variables${END}`), secretFieldsOf(VARIABLE_INPUTS)],
  [new RegExp(`^/(?:(?:projects|groups)/${ONE}/)?hooks${END}`), secretFieldsOf(NEW_HOOK)],
  [new RegExp(`^/projects/${ONE}/remote_mirrors${END}`), secretFieldsOf(NEW_MIRROR)],
]

/** the secret fields of the endpoint at `path` (below /api/v4, as typed), none for the others */
export function secretFieldsOfPath(path: string): string[] {
  return [...(SECRET_PATHS.find(([pattern]) => pattern.test(path))?.[1] ?? [])]
}

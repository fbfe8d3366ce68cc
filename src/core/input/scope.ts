// Where a command acts: a project or a group, by numeric ID or full path (and a user, by ID or
// username). The rules of a scope flag's value live here, once for every -p, -g and -u.
import {UsageError} from '../base/errors.js'
import {thing} from '../base/notes.js'
import {pathSegment} from '../http/request.js'
import {hasDotSegment} from '../http/request-target.js'
import {custom, type Draft, InputError, missingInputs, RuleBroken} from './input.js'

export type Scope = {kind: 'projects' | 'groups'; id: string}

/** `/projects/group%2Fsub%2Fproject`: a full path is one encoded segment, as the API requires */
export function scopePath(scope: Scope): string {
  return `/${scope.kind}/${pathSegment(scope.id)}`
}

/** what a scope flag names: `--project`, `--group`, `--user` */
export type TargetKind = 'project' | 'group' | 'user'

/**
 * The rule of one project, group or user. The platform's paths and usernames hold no comma and no
 * `.` or `..` segment: a comma list where one target is taken would be sent as one odd name
 * (`a%2Cb`), and `..` names no project; both are refused before anything is sent.
 */
export function oneTarget(value: string, kind: TargetKind): string {
  if (value.includes(',')) throw new RuleBroken(`names one ${kind}, and a ${kind === 'user' ? 'username' : 'full path'} never holds a comma`)
  if (hasDotSegment(value)) throw new RuleBroken(`a ${kind === 'user' ? 'username' : 'full path'} has no "." or ".." segment`)
  if (kind !== 'user') pathAsTyped(value, kind)
  return value
}

/** `https://host/acme/web/-/tree/main`: a web address pasted from the browser, and the path in it */
const WEB_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i
/** `git@host:acme/web.git`: what `git clone` takes over SSH */
const SSH_ADDRESS = /^[^/@:]+@[^/:]+:(.*)$/
/** what a clone address adds to a project's path */
const CLONE_SUFFIX = /\.git$/

/**
 * A full path as the platform spells it (`acme/web`), not as the browser or the wire shows it: the
 * platform answers 404 to a web address, an encoded path or an empty segment (`acme/web/`), so each is
 * refused before sending, naming the path that was meant.
 */
function pathAsTyped(value: string, kind: 'project' | 'group'): void {
  const address = WEB_ADDRESS.exec(value) ?? SSH_ADDRESS.exec(value)
  if (address) {
    const path = trimSlashes((address[1] ?? '').split('/-/')[0]!).replace(CLONE_SUFFIX, '')
    const what = WEB_ADDRESS.test(value) ? 'a web address' : 'a clone address'
    throw new RuleBroken(`is ${what}; give the ${kind}'s full path${path === '' ? '' : ` (${path})`} or its ID`)
  }
  if (CLONE_SUFFIX.test(value) || value.endsWith('.atom')) {
    throw new RuleBroken(`a full path never ends in .git or .atom (the platform's rule): give ${value.replace(/\.(git|atom)$/, '')}`)
  }
  if (/%[0-9a-f]{2}/i.test(value)) {
    const decoded = decodedPath(value)
    throw new RuleBroken(`is encoded; give the full path as it reads${decoded === undefined ? '' : ` (${decoded})`}: forgectl encodes it`)
  }
  if (value.startsWith('/') || value.endsWith('/') || value.includes('//')) {
    throw new RuleBroken(`a full path has no empty segment (a leading, trailing or double /): give ${trimSlashes(value).replace(/\/{2,}/g, '/')}`)
  }
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '')
}

function decodedPath(value: string): string | undefined {
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** PROJECT or GROUP as an argument (`projects get acme/web`): one target, by the rule of a scope flag */
export function targetArg(kind: 'project' | 'group', description: string): Draft<string, true> {
  return custom({arg: true, required: true, description, parse: value => oneTarget(value.trim(), kind)})
}

/** `--project "a,b": names one project, …` (exit 2); an empty value is refused like every empty name */
export function checkTarget(value: string, kind: TargetKind, flag: string = kind): string {
  const where = `--${flag} "${value}"`
  if (value.trim() === '') throw new InputError(where, 'must not be empty')
  try {
    // a path, an ID or a username never starts or ends with a space: `-p " 20"` is project 20, as in a list
    return oneTarget(value.trim(), kind)
  } catch (error) {
    if (error instanceof RuleBroken) throw new InputError(where, error.message)
    throw error
  }
}

/**
 * Several targets, where a command acts on each (`deploy-keys add -p a,b -p c`): every value is a
 * comma list, its entries trimmed and empty ones dropped, each checked as one target; `targets`
 * then keeps each once, in the order given.
 */
export function checkTargetList(value: string, kind: TargetKind, flag: string = kind): string[] {
  const entries = value
    .split(',')
    .map(entry => entry.trim())
    .filter(entry => entry !== '')
  if (entries.length === 0) throw new InputError(`--${flag} "${value}"`, 'must not be empty')
  return entries.map(entry => checkTarget(entry, kind, flag))
}

/**
 * What makes two targets one: the platform finds a project, a group or a user by path or name whatever
 * its case (`Fleet/P1` is `fleet/p1`), so they are one target, and one key wherever a target is a key
 * (a fan-out's item, its --shard, its journal for --resume). An ID is its digits either way.
 */
export function targetIdentity(target: string): string {
  return target.toLowerCase()
}

/**
 * The targets of every `-p` given, each once (by targetIdentity: `-p fleet/p1 -p Fleet/P1` is one
 * project, as written first), in the order given. Each value is the list one `-p` gave (oclif's types
 * call a multiple flag's values strings, whatever its parser returns).
 */
export function targets(values: ReadonlyArray<string | readonly string[]> | undefined): string[] {
  const seen = new Map<string, string>()
  for (const target of values?.flat() ?? []) if (!seen.has(targetIdentity(target))) seen.set(targetIdentity(target), target)
  return [...seen.values()]
}

export function scopeOf(flags: {project?: string; group?: string}): Scope {
  if (flags.project !== undefined && flags.group !== undefined) throw new UsageError('give either --project or --group, not both')
  if (flags.project !== undefined) return {kind: 'projects', id: flags.project}
  if (flags.group !== undefined) return {kind: 'groups', id: flags.group}
  throw missingInputs([{label: '--project (-p) or --group (-g)', description: 'the project or group to act on: ID or full path'}])
}

/** flags that the API takes for one kind of scope only (`priority` for project labels) */
export function onlyFor(scope: Scope, kind: Scope['kind'], flags: Record<string, unknown>, names: string[]): void {
  if (scope.kind === kind) return
  const given = names.filter(name => flags[name] !== undefined)
  if (given.length > 0) {
    throw new UsageError(`${given.map(n => `--${n}`).join(', ')} applies to ${kind === 'projects' ? 'projects (-p)' : 'groups (-g)'} only`)
  }
}

/** `project "my-group/app"` or `group 10`, as notes and questions name a scope */
export function scopeThing(scope: Scope): string {
  return thing(scope.kind === 'projects' ? 'project' : 'group', scope.id)
}

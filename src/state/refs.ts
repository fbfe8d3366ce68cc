// `{env: NAME}` and `{file: PATH}`: a value the state file does not hold itself (a secret, a key file).
// Each is read when the file is checked, before any request; one that cannot be read is refused with
// its place in the file. What a reference was is kept, so that a saved plan can name it instead of
// holding the value.
//
// A state file may come from a branch nobody reviewed yet (a merge request planned in CI), so what a
// reference can reach is confined (issue 35): a file inside the state file's folder (no absolute
// path, no `..`, no symbolic link leading out) unless --allow-files-outside says otherwise, and no
// variable that holds the credentials of the run itself (forgectl's own, the CI job's, the machine's
// cloud identity, the proxies'): DENIED_ENV below, documented in the README's "Many projects as code".
import {realpath} from 'node:fs/promises'
import {isAbsolute, join, relative, resolve, sep} from 'node:path'
import type {IO} from '../core/base/io.js'
import {readWhole, unreadableReason, utf8Text} from '../core/base/read-whole.js'

/** a file reference of a saved plan carries the folder it is relative to: the state file's */
export type Reference = {env: string} | {file: string; folder?: string}

export interface ReferenceOptions {
  /** the run's environment, which {env: NAME} reads, and its standard input */
  io: Pick<IO, 'env' | 'stdin'>
  /** --allow-files-outside: a {file:} may name any path the user can read */
  filesOutside?: boolean
}

/**
 * Variables a reference may not read: each holds a credential of the run itself, which a state file
 * has no business sending to the server as a field's value (a label's description, a variable's value
 * that the file's author can then read). forgectl's own (FORGECTL_*) are refused by their prefix.
 * A value wanted on purpose is copied under another name (`STATE_X="$CI_JOB_TOKEN" forgectl apply …`).
 */
export const DENIED_ENV: readonly string[] = [
  // other command-line clients of the platform and of GitHub
  'GITLAB_TOKEN',
  'GL_TOKEN',
  'GITLAB_PRIVATE_TOKEN',
  'GH_TOKEN',
  'GITHUB_TOKEN',
  // the platform's CI job (predefined variables that hold or embed the job's credentials)
  'CI_JOB_TOKEN',
  'CI_JOB_JWT',
  'CI_JOB_JWT_V1',
  'CI_JOB_JWT_V2',
  'CI_REGISTRY_PASSWORD',
  'CI_DEPENDENCY_PROXY_PASSWORD',
  'CI_DEPLOY_PASSWORD',
  'CI_REPOSITORY_URL',
  // other CI systems' job credentials
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'SYSTEM_ACCESSTOKEN',
  'BITBUCKET_STEP_OIDC_TOKEN',
  'CIRCLE_OIDC_TOKEN',
  'CIRCLE_OIDC_TOKEN_V2',
  // the machine's cloud identity and secret stores
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AZURE_CLIENT_SECRET',
  'GOOGLE_OAUTH_ACCESS_TOKEN',
  'CLOUDSDK_AUTH_ACCESS_TOKEN',
  'VAULT_TOKEN',
  // the proxies forgectl itself goes through (their URLs may hold a password)
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
]

/** why a reference may not read this variable, or undefined when it may (names compared as Windows does, whatever the case) */
export function deniedEnvName(name: string): string | undefined {
  const upper = name.toUpperCase()
  if (upper.startsWith('FORGECTL_')) return `${name} is one of forgectl's own variables (FORGECTL_*), which a state file cannot read`
  if (DENIED_ENV.includes(upper)) return `${name} holds a credential of the run itself, which a state file cannot read (copy the value under another name to send it on purpose)`
  return undefined
}

/** a reference, or undefined for any other value; `bad` says what is wrong with one that looks meant as one */
export function asReference(value: unknown): {reference?: Reference; bad?: string} {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const keys = Object.keys(value)
  if (!keys.includes('env') && !keys.includes('file')) return {}
  if (keys.length !== 1) return {bad: 'a reference is {env: NAME} or {file: PATH}, alone'}
  const [kind] = keys as ['env' | 'file']
  const target = (value as Record<string, unknown>)[kind]
  if (typeof target !== 'string' || target.trim() === '') return {bad: `{${kind}: …} needs ${kind === 'env' ? 'a variable name' : 'a path'}`}
  return {reference: kind === 'env' ? {env: target} : {file: target}}
}

/**
 * The reference's value; throws an Error whose message is the rule (`environment variable X is not
 * set`). An empty value is refused too: a secret a CI job was not given arrives as an empty variable
 * (a missing secret of a workflow, an unset one exported), and sent, it would wipe the server's value.
 * A value meant empty is written in the file: `""`.
 */
export async function resolveReference(reference: Reference, folder: string, options: ReferenceOptions): Promise<string> {
  if ('env' in reference) {
    const denied = deniedEnvName(reference.env)
    if (denied) throw new Error(denied)
    const value = options.io.env[reference.env]
    if (value === undefined) throw new Error(`environment variable ${reference.env} is not set`)
    if (value === '') throw new Error(`environment variable ${reference.env} is empty (a secret the job was not given?); write "" in the file for an empty value`)
    return value
  }
  const base = reference.folder ?? folder
  let path = isAbsolute(reference.file) ? reference.file : join(base, reference.file)
  let value: string
  try {
    if (!options.filesOutside) path = await confined(reference.file, base)
    value = utf8Text(await readWhole(path, options.io.stdin))
  } catch (error) {
    if (error instanceof Outside) throw new Error(`{file: ${reference.file}}: ${error.message}`)
    throw new Error(`cannot read ${reference.file}: ${unreadableReason(error)}`)
  }
  if (value === '') throw new Error(`${reference.file} is empty; write "" in the file for an empty value`)
  return value
}

class Outside extends Error {}

/**
 * The real path of a file reference inside `folder`, or an Outside error: an absolute path or a `..`
 * is refused as written, and a symbolic link (of the file or of a folder on its way) that leads out of
 * the folder once followed.
 */
async function confined(file: string, folder: string): Promise<string> {
  const outside = "outside the state file's folder; a state file reads files beside it (--allow-files-outside lets it read any)"
  if (isAbsolute(file) || /^[a-zA-Z]:/.test(file)) throw new Outside(`an absolute path is ${outside}`)
  if (file.split(/[\\/]/).includes('..')) throw new Outside(`a path through .. may lead ${outside}`)
  const root = await realpath(folder)
  const real = await realpath(join(root, file))
  const inside = relative(root, real)
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) throw new Outside(`a symbolic link leads ${outside}`)
  return real
}

/**
 * Where a saved plan may find its secrets again: inside the working folder (the checkout `apply PLAN`
 * runs in), unless --allow-files-outside. A plan is a file anyone who can write it may edit, and the
 * folder it names for a {file:} or the state file it names for a plain secret are part of it; the
 * working folder is not. An Error whose message is the rule, when the path is outside.
 */
export async function insideWorkingFolder(path: string, options: ReferenceOptions): Promise<void> {
  if (options.filesOutside) return
  const root = await realpath(resolve('.'))
  const real = await realpath(path).catch(() => resolve(path))
  const inside = relative(root, real)
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    throw new Error(`the plan finds it in ${path}, outside the working folder; apply a saved plan from the folder it was planned in (or with --allow-files-outside)`)
  }
}

/** the reference as a saved plan keeps it: a file's path with the folder it is relative to */
export function anchored(reference: Reference, folder: string): Reference {
  return 'file' in reference ? {file: reference.file, folder: reference.folder ?? folder} : reference
}

import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {secretFieldsOfPath} from '../api/secret-paths.js'
import {parseJsonExactly} from '../core/answer/exact-json.js'
import {UsageError} from '../core/base/errors.js'
import {info, saved} from '../core/base/notes.js'
import {ApiCommand} from '../core/command/api-command.js'
import type {HttpMethod, JsonBody, Query} from '../core/http/request.js'
import {hasDotSegment} from '../core/http/request-target.js'
import {parseFields} from '../core/input/fields.js'
import {listFlags} from '../core/input/flags.js'
import {InputError} from '../core/input/input.js'
import {readTextFile} from '../core/input/input-read.js'
import {listSpec} from '../core/lists/pagination.js'
import {download} from '../core/transfer/download.js'
import {checkNoRecordFlags, saveFlags, saveOptions} from '../core/transfer/save-flags.js'

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * PATH as typed, sent as typed (an encoded `%2E%2E` stays a name on the wire). A plain `.` or `..`
 * segment is refused: sent, it would be a name to the platform, while the user may have meant "the
 * parent"; forgectl does not guess which (exit 2, nothing sent). A `#` is refused too.
 */
function onePath(typed: string): string {
  // a URL's fragment is never sent: `labels?search=#bug` would go out as `labels?search=`
  if (typed.includes('#')) throw new InputError(`PATH "${typed}"`, 'has a "#", and nothing from it on would be sent: write %23 for a "#" in a name or value')
  if (hasDotSegment(typed)) throw new InputError(`PATH "${typed}"`, 'has a "." or ".." segment: leave it out, or write %2E%2E for a name that is ".."')
  return typed
}

/** the method in capitals, whatever case it was typed in */
function oneMethod(typed: string): string {
  const method = typed.toUpperCase()
  if (!METHODS.includes(method)) throw new InputError(`METHOD "${typed}"`, `must be one of ${METHODS.join(', ')}`)
  return method
}

export default class Api extends ApiCommand<typeof Api> {
  static summary = 'Send any request to the API and print the JSON answer'
  static description =
    'An escape hatch for endpoints forgectl has no command for, like `gh api`. PATH is relative to /api/v4 and must be encoded by you (group%2Fproject); it is sent as typed, and a plain `.` or `..` segment is refused (write %2E%2E for a name that is ".."), as is a `#` (write %23). Fields join a query the PATH has. Fields go in the query string for GET and DELETE and in a JSON body otherwise. The role needed is the endpoint\'s.'
  static examples = [
    '<%= config.bin %> api GET /projects/acme%2Fapi/labels --all',
    '<%= config.bin %> api POST /projects/42/labels -f name=bug -f color=#d9534f',
    '<%= config.bin %> api PUT /admin/ci/variables/DEPLOY_ENV -F protected=true -f value=prod',
    '<%= config.bin %> api GET /security/vulnerability_exports/12/download --download report.csv',
  ]
  static args = {
    method: Args.string({description: `HTTP method: ${METHODS.join(', ')}`, required: true, parse: async m => oneMethod(m)}),
    path: Args.string({description: 'path below /api/v4, e.g. /projects/42/labels; sent as typed', required: true, parse: async p => onePath(p)}),
  }
  static flags = {
    ...listFlags,
    field: Flags.string({char: 'f', description: 'key=value, sent as a string (key[]=v for arrays)', multiple: true}),
    'typed-field': Flags.string({char: 'F', description: 'key=value with numbers, true/false, null and @file read as such', multiple: true}),
    input: Flags.string({description: 'JSON body from a file (- for standard input)', exclusive: ['field', 'typed-field']}),
    download: Flags.string({description: 'stream the answer to this file (- for stdout) instead of printing JSON'}),
    ...saveFlags,
  }

  /** PATH below /api/v4, however it was typed */
  private get path(): string {
    return '/' + this.args.path.replace(/^\/+/, '').replace(/^api\/v4\//, '')
  }

  /** the secret fields of the endpoint PATH names (secret-paths.ts): its traces, dry runs and errors never show them */
  protected override get secretFields(): string[] {
    return this.args?.path === undefined ? [] : secretFieldsOfPath(this.path)
  }

  /** a write prints its answer with them hidden, as the endpoint's own command does; a read prints what it was asked for */
  protected override hideSecrets(): ((data: unknown) => unknown) | undefined {
    return this.args?.method === 'GET' ? undefined : super.hideSecrets()
  }

  async run(): Promise<void> {
    const method = this.args.method as HttpMethod
    const path = this.path
    const fields = await parseFields(this.io.stdin, this.flags.field, this.flags['typed-field'])
    const input = this.flags.input === undefined ? undefined : await readTextFile(this.flags.input, 'input', this.io.stdin)
    const body = input === undefined ? fields : parseJson(input)
    const inQuery = method === 'GET' || method === 'DELETE'
    const query = inQuery ? (body as Query) : undefined
    if (this.flags.download) {
      checkNoRecordFlags(this.shared)
      if (this.flags.all || this.flags.page !== undefined) throw new UsageError('--download saves one answer: it cannot be used with --all or --page')
      const savedTo = await download(this.api, path, query, this.flags.download, {defaultName: path.split('/').pop() || 'download', ...saveOptions(this.flags, this.connection)})
      if (savedTo.path !== '-') this.note(saved(savedTo.bytes, savedTo.path))
      return
    }
    if (this.flags.all || this.flags.page !== undefined) {
      if (method !== 'GET') throw new UsageError('--all and --page apply to GET requests')
      return this.printList(listSpec(path, query))
    }
    const hasBody = !inQuery && Object.keys(body).length > 0
    const response = await this.api.request<unknown>({method, path, query, body: hasBody ? (body as JsonBody) : undefined, expect: 'json'})
    if (response.data !== undefined) await this.print(response.data)
    else this.note(info(`${response.status}: the server sent no content`))
  }
}

function parseJson(text: string): Record<string, unknown> {
  try {
    // numbers a double cannot hold go out with their own digits
    return parseJsonExactly(text) as Record<string, unknown>
  } catch {
    throw new UsageError('--input is not valid JSON')
  }
}

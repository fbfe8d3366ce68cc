// What the commands on project and group webhooks share: the -p/-g scope with the hook's ID, the events
// only one kind of hook takes, and the secret token read from standard input (--token-stdin).
import * as Flags from '@oclif/core/flags'
import {eventsOf, GROUP_ONLY_EVENTS, PROJECT_ONLY_EVENTS, type WebhookEvent} from '../api/webhooks.js'
import {UsageError} from '../core/base/errors.js'
import type {InStream} from '../core/base/io.js'
import {idArg} from '../core/input/flags.js'
import {readTokenLine} from '../core/input/input-read.js'
import {onlyFor, type Scope} from '../core/input/scope.js'

export const hookIdArg = {hook_id: idArg('HOOK_ID', 'webhook ID (webhooks list shows them)')}

/** the hook's own token from standard input, one line: kept out of ps and the shell history */
export const tokenStdinFlag = {
  'token-stdin': Flags.boolean({description: "read the hook's secret token (--secret-token) from standard input, one line", exclusive: ['secret-token']}),
}

const flagName = (event: string) => event.replace(/_/g, '-')

/** a project hook has no member or subgroup events, a group hook no milestone events: refused before sending (Grape would drop them) */
export function checkEventKind(scope: Scope, flags: Record<string, unknown>): void {
  onlyFor(scope, 'projects', flags, PROJECT_ONLY_EVENTS.map(flagName))
  onlyFor(scope, 'groups', flags, GROUP_ONLY_EVENTS.map(flagName))
}

/** the token as given by --secret-token, or read from standard input with --token-stdin */
export async function hookToken<V extends {token?: string}>(values: V, flags: {'token-stdin'?: boolean}, stdin: InStream): Promise<V> {
  return flags['token-stdin'] ? {...values, token: await readTokenLine(stdin, '--token-stdin')} : values
}

/** `webhooks test`'s EVENT: one this kind of hook takes, or exit 2 before sending (the platform's 400 says less) */
export function checkTrigger(scope: Scope, trigger: WebhookEvent): void {
  const events = eventsOf(scope.kind)
  if (!events.includes(trigger)) throw new UsageError(`EVENT "${trigger}": a ${scope.kind === 'projects' ? 'project' : 'group'} hook has no such event (events: ${events.join(', ')})`)
}

// `-u ID` names the user of /users/:user_id/... paths (COMMANDS.md), but a declaration's `char`
// (input.ts) has no `u`: this gives the declared flag its one-letter name. It goes once Input['char']
// takes 'u' (proposed in issue 13's report); the input's rule and message stay the declaration's.
import type {Interfaces} from '@oclif/core'
import {flagsOf} from './input-flags.js'
import type {Inputs} from './input.js'

export function withUserChar(inputs: Inputs): Record<string, Interfaces.Flag<unknown>> {
  const flags = flagsOf(inputs)
  const user = flags.user
  return user === undefined ? flags : {...flags, user: {...user, char: 'u'}}
}

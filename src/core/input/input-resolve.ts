// The step between reading declared inputs and sending: a value that stands for another (a username
// for the user's ID) is looked up here, once per input, before the command's own request, so that
// every command taking such an input (input.ts `resolve`) sends the same thing for the same words.
import type {ApiClient} from '../http/request.js'
import type {Inputs, Values} from './input.js'

/** the values with each resolvable one replaced by what it stands for, each resolver seeing the others; `api` is made only when one is given */
export async function resolveInputs<I extends Inputs>(inputs: I, values: Values<I>, api: () => ApiClient): Promise<Values<I>> {
  const resolved: Record<string, unknown> = {...values}
  for (const [name, input] of Object.entries(inputs)) {
    const value = resolved[name]
    if (input.resolve && value !== undefined) resolved[name] = await input.resolve(api(), value, resolved)
  }
  return resolved as Values<I>
}

// The virtual module scripts/build.mjs generates: every command class by its id.
declare module 'forgectl:commands' {
  import type {Command} from '@oclif/core'

  export const COMMANDS: Record<string, Command.Class>
}

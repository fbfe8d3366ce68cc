// What a launcher outside the sandbox may rely on, and nothing more: start it on a host and port, read
// its URL and the seeded roles' tokens, close it. `forgectl sandbox` (src/topics/sandbox.ts) imports
// these types only, and loads dist/sandbox/server.js at run time; the tests' fuller handle (the store,
// the request log, faults) is server.ts's own business and may change without the CLI noticing.
import type {startSandbox} from './server.js'

export interface LaunchOptions {
  /** 0 picks a free port */
  port: number
  /** the address to listen on */
  host: string
  /** a fleet: this many extra projects (project-1 …) */
  seedProjects?: number
  /** the group the fleet goes in: a seeded group (acme) or a new top-level one */
  seedProjectsUnder?: string
}

export interface LaunchedSandbox {
  /** http://host:port, the base clients use (without /api/v4) */
  url: string
  /** role (admin, owner, maintainer, developer, reporter, outsider) -> its seeded token */
  tokens: Readonly<Record<string, string>>
  /** stops listening and ends open connections */
  close(): Promise<void>
}

/** what dist/sandbox/server.js exports for a launcher */
export interface SandboxEntry {
  startSandbox(options: LaunchOptions): Promise<LaunchedSandbox>
}

/** server.ts keeps the contract: the sandbox does not compile when its startSandbox stops satisfying it */
export type ServerKeepsContract = Keeps<{startSandbox: typeof startSandbox}>
type Keeps<T extends SandboxEntry> = T

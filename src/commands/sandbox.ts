import * as Flags from '@oclif/core/flags'
import {ExitCode, UsageError} from '../core/base/errors.js'
import {info, warning} from '../core/base/notes.js'
import {BaseCommand} from '../core/command/base-command.js'
import {outputFlags} from '../core/input/flags.js'
import type {OutputSpec} from '../core/output/output-spec.js'
import {reportOnInterrupt} from '../core/terminal/interrupt.js'
import {isLoopback, listenError, loadSandbox} from '../topics/sandbox.js'

export default class Sandbox extends BaseCommand<typeof Sandbox> {
  static summary = 'Start the in-memory stand-in of the API, to rehearse scripts against'
  static description =
    `Serves /api/v4 from memory, with seeded users, groups and projects, until Ctrl-C or SIGTERM; nothing is kept. It calls no server. Stdout: the URL on the first line, then one "ROLE TOKEN" line per seeded role (admin is an administrator, developer an ordinary member); with --json, {url, tokens} on one line. A guide for people goes to stderr.

It listens on loopback (127.0.0.1) unless --host says otherwise; its tokens are well-known, so listening elsewhere prints a warning. --port 0, the default, picks a free port. Stopping it on purpose (Ctrl-C, SIGTERM) is its normal end: exit 0. A port in use: exit 1.

With --fleet N it also holds N more projects (project-1 …) under --fleet-group, for plans over many projects.`
  static examples = [
    '<%= config.bin %> sandbox --port 8080 & FORGECTL_HOST=http://127.0.0.1:8080 FORGECTL_TOKEN=sandbox-admin-token ./my-ci-job.sh',
    '<%= config.bin %> sandbox                      # a free port; the URL is the first line',
    '<%= config.bin %> sandbox --json               # {"url":"http://127.0.0.1:…","tokens":{"admin":…}}',
    '<%= config.bin %> sandbox --host 0.0.0.0 --port 8080   # reachable from other machines (a warning says why not to)',
    '<%= config.bin %> sandbox --fleet 1000 --fleet-group acme   # 1,000 more projects under acme, to plan over',
  ]
  // The shared output flags shape records; here there is one fixed answer, so they are kept (the base
  // class parses them) but not offered. --json is one line, unlike other commands' --json: the process
  // keeps running, and a script reads that line with `read`.
  static baseFlags = {
    ...hidden(outputFlags),
    json: Flags.boolean({description: 'print {url, tokens} as one line of JSON on stdout', helpGroup: 'OUTPUT'}),
  }
  // -o json is --json; the rest is refused, not ignored (issue 37)
  static outputs: OutputSpec = {formats: ['table', 'json'], default: 'table', jq: false, columns: false, sort: false, rows: false, prints: 'its URL and tokens'}
  static flags = {
    port: Flags.integer({description: 'port to listen on; 0 picks a free one', min: 0, max: 65_535, default: 0}),
    host: Flags.string({description: 'address to listen on (loopback unless told otherwise)', default: '127.0.0.1'}),
    fleet: Flags.integer({description: 'also seed this many projects (project-1 …) under --fleet-group: a fleet to plan over', min: 0, max: 100_000, default: 0}),
    'fleet-group': Flags.string({
      description: 'the group of --fleet: a seeded group (acme, acme/platform) or a new public one',
      default: 'bench',
      helpValue: 'PATH',
      parse: async path => {
        if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/.test(path)) throw new UsageError(`--fleet-group "${path}": must be a group path such as acme or acme/fleet`)
        return path
      },
    }),
  }

  async run(): Promise<void> {
    const {port, host, fleet, 'fleet-group': fleetGroup} = this.flags
    // A signal becomes the end of the server, not an exit with 130/143 (src/core/terminal/interrupt.ts), so
    // that `kill $pid; wait $pid` in a script reads 0: the user stopping a server is how it ends.
    const signal = reportOnInterrupt()
    try {
      const {startSandbox} = await loadSandbox()
      const sandbox = await startSandbox({port, host, seedProjects: fleet, seedProjectsUnder: fleetGroup}).catch((error: unknown) => {
        throw listenError(error, host, port)
      })
      if (!isLoopback(host))
        this.note(warning(`listening on ${host}, not on loopback: anyone who reaches this machine can use the sandbox, and its tokens are well-known (${sandbox.tokens.admin} is an administrator's)`))
      if (this.format === 'json') this.printer.text(JSON.stringify({url: sandbox.url, tokens: sandbox.tokens}) + '\n')
      else this.printer.text([sandbox.url, ...Object.entries(sandbox.tokens).map(([role, token]) => `${role} ${token}`)].join('\n') + '\n')
      this.note(info(`Sandbox listening on ${sandbox.url}: in memory, nothing is kept; Ctrl-C stops it`))
      this.note(info(`  export FORGECTL_HOST=${sandbox.url} FORGECTL_TOKEN=${sandbox.tokens.admin}`))
      const stoppedBy = await signal.stopped
      await sandbox.close()
      this.note(info(`Sandbox stopped (${stoppedBy})`))
    } finally {
      signal.release()
    }
    // at once: interrupt()'s grace timer would otherwise end the process with the signal's code
    this.exit(ExitCode.ok)
  }
}

function hidden<F extends Record<string, object>>(flags: F): F {
  return Object.fromEntries(Object.entries(flags).map(([name, flag]) => [name, {...flag, hidden: true}])) as F
}

// What `forgectl sandbox` (src/commands/sandbox.ts) needs around the sandbox: finding it in the
// installed package, and saying in one line why it could not listen. This is the CLI's only arrow toward
// the sandbox, and it goes through the sandbox's declared contract (src/sandbox/contract.ts: start ->
// url, tokens, close), imported as types only. The sandbox itself (src/sandbox/, built to dist/sandbox/)
// is not in the CLI's bundle (the build checks): it is the other side of the wire and must be able to
// disagree with the CLI, and other commands must not pay for loading it.
import {isIPv4} from 'node:net'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {CliError, ExitCode} from '../core/base/errors.js'
import {importModule} from '../core/base/launcher.js'
import type {SandboxEntry} from '../sandbox/contract.js'

/**
 * dist/sandbox/server.js, beside the bundle: `__dirname` is dist/ for dist/runtime.cjs, whether it
 * runs from a checkout or from node_modules/forgectl. A file URL, as import() wants an absolute path.
 */
export async function loadSandbox(): Promise<SandboxEntry> {
  const file = join(__dirname, 'sandbox', 'server.js')
  try {
    return await importModule<SandboxEntry>(pathToFileURL(file).href)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND')
      throw new CliError(`this installation has no sandbox (${file} is missing): reinstall forgectl, or run npm run build in a checkout`)
    throw error
  }
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  if (address === 'localhost' || address === '::1') return true
  const v4 = address.replace(/^::ffff:/, '')
  return isIPv4(v4) && v4.startsWith('127.')
}

/** node:http's listen failures, as one line; anything else passes through unchanged */
export function listenError(error: unknown, host: string, port: number): unknown {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return new CliError(`port ${port} on ${host} is already in use: choose another --port, or --port 0 for a free one`, ExitCode.error)
    case 'EACCES':
      return new CliError(`not allowed to listen on port ${port} (ports below 1024 need privileges): choose another --port`, ExitCode.error)
    case 'EADDRNOTAVAIL':
      return new CliError(`cannot listen on ${host}: it is not an address of this machine`, ExitCode.error)
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new CliError(`cannot listen on ${host}: no such host`, ExitCode.error)
    default:
      return error
  }
}

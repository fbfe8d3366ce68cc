// What the launcher provides. bin/run.js, the launcher, compiles dist/runtime.cjs as a classic script
// with V8's code cache and hands execute() (src/runtime.ts) a Launcher; this is the only way the bundle
// talks to it, in either direction. A bundle run without a launcher (a test that loads dist/runtime.cjs
// in its own process) gets the defaults below: a plain import(), and nothing done before a request.
//
// Both hooks exist for measured reasons (see "Start-up" in docs/ARCHITECTURE.md):
// - importModule: correctness, not speed. On Node 20 an import() compiled into a vm.Script has no
//   loader, cached or not (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING, even with
//   vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER), so the launcher lends the import() of its own module.
//   The build fails on an import() of an external package written anywhere but through importModule().
// - beforeUndiciRequest: the launcher's chance to change process-wide settings once the run is known
//   to send a request through undici (a proxied one; direct requests go over node:http, whose parser
//   is native), and only then. bin/run.js keeps the WebAssembly HTTP parser's baseline code there, after
//   writing a pending code cache, which V8 stamps with its flags: a command that sends a request exits
//   without waiting for V8's optimizing compiler (measured when every request went through Node's
//   fetch: `labels get --json` 340 ms instead of 490, medians of 21 on a busy 2-core machine).

export interface Launcher {
  /** import(specifier), resolved from the launcher's own module (a Node built-in without Node's ES module loader) */
  importModule(specifier: string): Promise<unknown>
  /** called once per run, before its first request through undici (src/core/http/http-transport.ts) */
  beforeUndiciRequest(): void
}

/** without a launcher: the bundle's own import(), which works when Node loaded the bundle itself */
const standalone: Launcher = {
  importModule: specifier => import(specifier),
  beforeUndiciRequest: () => {},
}

let launcher = standalone
let undiciUsed = false

/** by execute() (src/runtime.ts): the launcher of this run, or the defaults without one */
export function useLauncher(provided: Launcher | undefined): void {
  launcher = provided ?? standalone
  undiciUsed = false
}

/** import() of a package outside the bundle, typed by the caller: `await importModule<typeof import('ora')>('ora')` */
export async function importModule<T>(specifier: string): Promise<T> {
  return (await launcher.importModule(specifier)) as T
}

/** tells the launcher, once per run, that a request is about to go through undici */
export function beforeUndiciRequest(): void {
  if (undiciUsed) return
  undiciUsed = true
  launcher.beforeUndiciRequest()
}

// Node's fetch parses HTTP with llhttp, compiled to WebAssembly. V8 compiles it once with its baseline
// compiler and once more, on a background thread, with its optimizing compiler, and a process cannot
// exit before that thread is done: about 35 ms at the end of every command that sent a request. The
// baseline code parses fast enough for an API client (see the download case of `npm run bench`).
import {importModule} from './import-module.js'

const SAVE_CODE_CACHE = Symbol.for('forgectl.saveCodeCache')

/** before the first request of a run: keep llhttp's baseline code, do not optimise it */
export async function keepBaselineHttpParser(): Promise<void> {
  // V8 stamps a code cache with its flags, and a cache stamped with this one would be refused by the
  // next run, which starts without it: bin/run.js writes a pending cache now, before the change.
  ;(globalThis as {[SAVE_CODE_CACHE]?: () => void})[SAVE_CODE_CACHE]?.()
  const {setFlagsFromString} = await importModule<typeof import('node:v8')>('node:v8')
  setFlagsFromString('--liftoff-only')
}

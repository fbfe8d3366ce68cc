// Every import() of a package outside the bundle goes through here. bin/run.js runs dist/runtime.cjs
// from V8's code cache, and on Node 20 an import() compiled into that cache has lost its loader
// (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), so bin/run.js lends its own import(). The build fails if
// an import() of an external package is written anywhere else.

type Importer = (specifier: string) => Promise<unknown>

const LENT_IMPORT = Symbol.for('forgectl.import')

/** import(specifier), typed by the caller: `await importModule<typeof import('ora')>('ora')` */
export async function importModule<T>(specifier: string): Promise<T> {
  const lent = (globalThis as {[LENT_IMPORT]?: Importer})[LENT_IMPORT]
  return (await (lent ?? (name => import(name)))(specifier)) as T
}

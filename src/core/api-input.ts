// Flags mirror the API in kebab-case (`expires_at` → `--expires-at`); this maps them back, keeping
// only the flags that were given, so that booleans and optional fields are sent only when asked for.

/** `include-ancestor-groups` → `include_ancestor_groups`, at the type level too */
export type Snake<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Snake<B>}` : S

export type ApiInput<F, K extends keyof F & string> = {[P in K as Snake<P>]?: Exclude<F[P], undefined>}

export function apiInput<F extends object, K extends keyof F & string>(flags: F, keys: readonly K[]): ApiInput<F, K> {
  const out: Record<string, unknown> = {}
  for (const key of keys) {
    const value = flags[key]
    if (value !== undefined) out[key.replace(/-/g, '_')] = value
  }
  return out as ApiInput<F, K>
}

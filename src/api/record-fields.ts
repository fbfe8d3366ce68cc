// Record types are TypeScript interfaces, which leave nothing at run time; --columns and --sort need
// the field names of an empty list too. Each API module lists them next to its interface through
// fieldList, so that the compiler refuses a list that invents a field or misses one.

/**
 * `fieldList<Label>()(['id', 'name', ...])`: exactly the keys of T, else a compile error naming what is
 * missing; a type that extends another spreads its list (`[...TOKEN_FIELDS, 'impersonation']`).
 */
export function fieldList<T>() {
  return <const L extends ReadonlyArray<keyof T & string>>(fields: L, ..._complete: [Exclude<keyof T, L[number]>] extends [never] ? [] : [missing: Exclude<keyof T, L[number]>]): L => fields
}

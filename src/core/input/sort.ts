// One spelling of a sort everywhere (issue 36): `--sort FIELD` ascending, `--sort -FIELD` descending,
// as the README and every list say. The platform's own words (`created_desc`, `name_asc`), which some
// endpoints take as their `sort` (service-accounts tokens list), are accepted as synonyms wherever a sort
// is taken; each spelling is turned here into what its receiver wants: a field for the order forgectl
// prints in, the API's word for an endpoint that sorts. `-created_at` was refused where `created_desc`
// was wanted, and `created_desc` where `-created_at` was.
import {didYouMean} from './did-you-mean.js'
import {custom, RuleBroken} from './input.js'

const SUFFIXED = /^(.+)_(asc|desc)$/

/**
 * The field form of a sort among `fields` (those of the records, or of their type): `created_desc` is
 * `-created_at` where the records have created_at (or `-created` where they have created). A sort that
 * already names a field, or that names none in either form, is returned as it is, for the field check
 * to accept or refuse.
 */
export function fieldSort(sort: string, fields: readonly string[] | undefined): string {
  const field = sort.startsWith('-') ? sort.slice(1) : sort
  const suffixed = SUFFIXED.exec(sort)
  if (!fields || fields.includes(field) || !suffixed) return sort
  const [, base, direction] = suffixed
  const found = [base!, `${base}_at`].find(name => fields.includes(name))
  return found === undefined ? sort : `${direction === 'desc' ? '-' : ''}${found}`
}

/**
 * The field a sort word orders by, as the records name it: `created` is `created_at` and `name` is
 * `name` where the records have those fields; without the records' fields, the word's own stem.
 */
function fieldOf(stem: string, fields: readonly string[] | undefined): string {
  return [stem, `${stem}_at`].find(name => fields?.includes(name)) ?? stem
}

/**
 * The API's word among `words` for a sort in either spelling: `-created_at` and `created_desc` are
 * `created_desc` where the records (`fields`) have created_at; the stem alone (`-created`) is taken too.
 */
export function apiSort(sort: string, words: readonly string[], fields?: readonly string[]): string | undefined {
  if (words.includes(sort)) return sort
  const descending = sort.startsWith('-')
  const field = descending ? sort.slice(1) : sort
  return words.find(word => {
    const [, stem, direction] = SUFFIXED.exec(word) ?? []
    return stem !== undefined && (direction === 'desc') === descending && (field === stem || field === fieldOf(stem, fields))
  })
}

/**
 * An endpoint's `sort` input: the API's words, or the field form `[-]FIELD` of the same orders, FIELD
 * as the records (`fields`) name it (`name`, not `name_at`).
 */
export function sortChoice<const V extends string>(words: readonly V[], options: {description: string; fields: readonly string[]}) {
  const {fields: recordFields, ...declared} = options
  const fields = [...new Set(words.map(word => fieldOf(word.replace(SUFFIXED, '$1'), recordFields)))]
  const hint = `[-]FIELD with FIELD one of ${fields.join(', ')} (- for descending), or one of ${words.join(', ')}`
  return custom<V>({
    ...declared,
    helpValue: '[-]FIELD',
    hint,
    parse: text => {
      const word = apiSort(text, words, recordFields)
      if (word === undefined) throw new RuleBroken(`must be ${hint}${didYouMean(text, [...words, ...fields, ...fields.map(f => `-${f}`)])}`)
      return word as V
    },
  })
}

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

/** the API's word among `words` for a sort in either spelling: `-created_at` and `created_desc` are `created_desc` */
export function apiSort(sort: string, words: readonly string[]): string | undefined {
  if (words.includes(sort)) return sort
  const descending = sort.startsWith('-')
  const field = (descending ? sort.slice(1) : sort).replace(/_at$/, '')
  const word = `${field}_${descending ? 'desc' : 'asc'}`
  return words.includes(word) ? word : undefined
}

/** an endpoint's `sort` input: the API's words, or the field form `[-]FIELD` of the same orders */
export function sortChoice<const V extends string>(words: readonly V[], options: {description: string}) {
  const fields = [...new Set(words.map(word => word.replace(SUFFIXED, '$1')))].map(field => (words.includes(`${field}_at` as V) ? field : `${field}_at`))
  const hint = `[-]FIELD with FIELD one of ${fields.join(', ')} (- for descending), or one of ${words.join(', ')}`
  return custom<V>({
    ...options,
    helpValue: '[-]FIELD',
    hint,
    parse: text => {
      const word = apiSort(text, words)
      if (word === undefined) throw new RuleBroken(`must be ${hint}${didYouMean(text, [...words, ...fields, ...fields.map(f => `-${f}`)])}`)
      return word as V
    },
  })
}

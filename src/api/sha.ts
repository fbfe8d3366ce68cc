// Commit and wiki version SHAs: hexadecimal, abbreviated (7 digits at least) or whole (40 digits for
// SHA-1, 64 for SHA-256). Used by wikis (--version) and draft notes (the position's commits).
import {custom, RuleBroken, type TextOptions} from '../core/input/input.js'

const RULE = 'a hexadecimal SHA of 7 to 64 digits'

export const sha = <R extends boolean = false>(options: Omit<TextOptions<R>, 'max' | 'pattern'>) =>
  custom<string, R>({
    ...options,
    helpValue: 'SHA',
    hint: RULE,
    parse: value => {
      if (!/^[0-9a-f]{7,64}$/i.test(value)) throw new RuleBroken(`must be ${RULE}`)
      return value
    },
  })

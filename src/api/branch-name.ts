// The rule for a new branch name. The spec's prose says "no spaces or special characters except hyphen
// and underscore", but the platform accepts any name git accepts (`git check-ref-format --branch`, plus
// its own refusals of a leading `-`, `HEAD` and 40-hex names that read as commits): `feature/x` and
// `release/2026-01` are ordinary branch names there, and the platform wins.
import {custom, RuleBroken} from '../core/input/input.js'

const RULES: ReadonlyArray<[RegExp, string]> = [
  // biome-ignore lint/suspicious/noControlCharactersInRegex: git refuses control characters in a ref name
  [/[\u0000-\u0020\u007f]/, 'no spaces or control characters'],
  [/[~^:?*[\\]/, 'none of ~ ^ : ? * [ \\'],
  [/\.\.|\/\/|@\{/, 'no "..", "//" or "@{"'],
  [/^[-/.]|(^|\/)\./, 'no "-", "/" or "." at the start, and no part starting with "."'],
  [/[/.]$|\.lock(\/|$)/, 'no "/", "." or ".lock" at the end of it or of a part'],
  [/^(HEAD|@|[0-9a-f]{40})$/, 'not "HEAD", "@" or a commit SHA'],
]

const HINT = "git's rules for branch names (feature/x is fine)"

/** a new branch's name: refused only where git, and so the platform, refuses it, naming the broken rule */
export const branchName = <R extends boolean = false>(options: {description: string; arg?: boolean; required?: R}) =>
  custom<string, R>({
    ...options,
    hint: HINT,
    parse: name => {
      const broken = RULES.find(([pattern]) => pattern.test(name))
      if (broken) throw new RuleBroken(`must follow git's rules for branch names: ${broken[1]}`)
      return name
    },
  })

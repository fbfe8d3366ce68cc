// The rule for a new branch name. The spec's prose says "no spaces or special characters except hyphen
// and underscore", but the platform accepts any name git accepts (`git check-ref-format --branch`, plus
// its own refusals of a leading `-`, `HEAD` and 40-hex names that read as commits): `feature/x` and
// `release/2026-01` are ordinary branch names there, and the platform wins.
import {UsageError} from '../core/errors.js'

const RULES: ReadonlyArray<[RegExp, string]> = [
  [/[\u0000-\u0020\u007f]/, 'no spaces or control characters'],
  [/[~^:?*[\\]/, 'none of ~ ^ : ? * [ \\'],
  [/\.\.|\/\/|@\{/, 'no "..", "//" or "@{"'],
  [/^[-/.]|(^|\/)\./, 'no "-", "/" or "." at the start, and no part starting with "."'],
  [/[/.]$|\.lock(\/|$)/, 'no "/", "." or ".lock" at the end of it or of a part'],
  [/^(HEAD|@|[0-9a-f]{40})$/, 'not "HEAD", "@" or a commit SHA'],
]

/** the name itself when the platform would take it; a usage error naming the broken rule otherwise */
export function validBranchName(name: string): string {
  if (name === '') throw new UsageError('BRANCH must not be empty')
  const broken = RULES.find(([pattern]) => pattern.test(name))
  if (broken) throw new UsageError(`BRANCH "${name}" is not a valid branch name: ${broken[1]} (the rules of git branch names)`)
  return name
}

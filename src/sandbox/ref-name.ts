// Which new branch names the sandbox accepts. The spec's prose says "no spaces or special characters
// except hyphen and underscore", but the platform takes any name git takes (`git check-ref-format
// --branch`) except a leading `-`, `HEAD` and 40-hex names that read as commits, so `feature/x` and
// `release/2026-01` are ordinary branches there. The sandbox answers as the platform does.
const REFUSED = [
  // biome-ignore lint/suspicious/noControlCharactersInRegex: git refuses control characters in a ref name
  /[\u0000-\u0020\u007f~^:?*[\\]/, // spaces, control characters and git's special characters
  /\.\.|\/\/|@\{/, // "..", "//", "@{"
  /^[-/.]|(^|\/)\./, // a leading "-" or "/", a part starting with "."
  /[/.]$|\.lock(\/|$)/, // a trailing "/" or ".", a part ending in ".lock"
  /^(HEAD|@|[0-9a-f]{40})$/,
]

export function isValidBranchName(name: string): boolean {
  return name !== '' && !REFUSED.some(pattern => pattern.test(name))
}

// oclif has no flags whose value may be left out (`--download [FILE]`): a bare flag, last on the
// command line or followed by another flag, gets a stand-in value before oclif parses the arguments.

/**
 * `['--download', '--json']` → `['--download', standIn, '--json']`. `-` stays a value (stdout), and
 * nothing after `--` is touched.
 */
export function withOptionalValue(argv: readonly string[], flag: string, standIn: string): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!
    out.push(token)
    if (token === '--') return [...out, ...argv.slice(i + 1)]
    if (token !== `--${flag}`) continue
    const next = argv[i + 1]
    if (next === undefined || (next.startsWith('-') && next !== '-')) out.push(standIn)
  }
  return out
}

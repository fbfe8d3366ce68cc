// The output formats' names: what -o, the profile's `output` setting and the flags take. They sit on the
// ground floor because settings and flags (config/, input/) read them and may not reach up to output/;
// each name's formatter is in output/formats.ts, whose table is typed by these names, so a name without
// a formatter, or a formatter without a name, fails the type-check.

/** every format, by the name -o takes; the first is what a person at a terminal gets by default */
export const OUTPUT_FORMATS = ['table', 'json', 'yaml', 'csv', 'ndjson'] as const

export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

export function isOutputFormat(name: string): name is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(name)
}

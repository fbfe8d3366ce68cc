// Token values the API returns once: shown once, prominently, and never lost.

import {visibleCell} from '../base/escape.js'
import {bold, stdoutIsTerminal, yellow} from '../terminal/terminal.js'
import type {Printer} from './output.js'

/**
 * Data formats keep the value in the record (a script needs it). A table leaves it out of the table
 * and prints it on its own line on stdout, with a warning on stderr, so a person cannot miss it.
 * `--quiet` prints the value alone: an ID alone would lose the value for good; `-o csv --columns`
 * keeps it as an extra column for the same reason.
 */
export async function printWithSecret(printer: Printer, record: object, field: string, columns?: readonly string[]): Promise<void> {
  const value = (record as Record<string, unknown>)[field]
  const {stdout, stderr, env} = printer.streams
  if (printer.options.quiet && typeof value === 'string') {
    stdout.write(`${stdoutIsTerminal(printer.streams) ? visibleCell(value) : value}\n`)
    return
  }
  if (printer.options.format !== 'table' || typeof value !== 'string') {
    // csv with --columns that leave the value out would lose it: it is added as a last column
    await (typeof value === 'string' ? printer.including(field) : printer).record(record, columns)
    return
  }
  try {
    const rest = Object.fromEntries(Object.entries(record).filter(([key]) => key !== field))
    await printer.record(
      rest,
      columns?.filter(c => c !== field),
    )
  } finally {
    // Even if printing the record failed, the value must reach the user.
    stdout.write(`\n${bold(`${field}: ${visibleCell(value)}`, stdout, env)}\n`)
    stderr.write(yellow(`Copy the ${field} now: it is shown only once and cannot be retrieved later.\n`, stderr, env))
  }
}

/**
 * A record whose secret was stored for the user (a rotated token written into the profile): the value
 * stays off stdout, where a CI log would keep it, except with `--quiet`, which asks for the value alone.
 */
export async function printStoredSecret(printer: Printer, record: object, field: string, columns?: readonly string[]): Promise<void> {
  const value = (record as Record<string, unknown>)[field]
  if (printer.options.quiet && typeof value === 'string') return printWithSecret(printer, record, field, columns)
  await printer.record(
    Object.fromEntries(Object.entries(record).filter(([key]) => key !== field)),
    columns?.filter(c => c !== field),
  )
}

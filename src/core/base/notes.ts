// One voice for what forgectl tells a person on stderr. A command never writes a free-form sentence:
// it picks the kind of message and gives its parts, and the shape comes from here. The rule (README,
// "Output"): notes go to stderr, on a terminal and in pipes alike, because stderr is never data and a
// CI log is where someone later reads what a job did; `-q` silences every note except warnings, which
// say something went differently from what was asked.

import {formatBytes} from './bytes.js'
import type {Id} from './id.js'

declare const shaped: unique symbol

/** a message built by the functions below; the brand keeps commands from writing one by hand */
export interface Note {
  /** `warning` is never silenced; the others are silenced by `-q` */
  readonly kind: 'done' | 'unchanged' | 'saved' | 'info' | 'warning'
  readonly text: string
  readonly [shaped]: true
}

function note(kind: Note['kind'], text: string): Note {
  return {kind, text} as Note
}

/**
 * A full stop ends a sentence, unless the sentence ends with something a person copies: a URL, a path, a
 * file name, a flag, `NAME=value`, a command or a token. A stop glued to one is copied with it (the
 * sandbox's `export … FORGECTL_TOKEN=sandbox-admin-token.` gave every pasted command a 401), so the
 * sentence ends without one. A word in quotes, backticks or brackets is closed by them and keeps its stop.
 */
function sentence(text: string): string {
  return /[.!?]$/.test(text) || endsPasteable(text) ? text : `${text}.`
}

/** the last word holds what prose words do not: `/ = : @ ~`, an inner dot (report.csv, a host), a leading `-`, or letters and digits mixed (a token) */
export function endsPasteable(text: string): boolean {
  const last = /(\S+)$/.exec(text)?.[1] ?? ''
  if (/["`\]]$/.test(last) || (last.endsWith(')') && last.includes('('))) return false
  return /[/=:@~]|\w\.\w/.test(last) || last.startsWith('-') || (/\d/.test(last) && /[A-Za-z]/.test(last))
}

/**
 * How a record is named in a message: its kind, then its handle, a name quoted, a number bare;
 * then whose it is. `label "bug" of project 20`, `system hook 7`.
 */
export function thing(kind: string, handle: Id, owner?: string): string {
  const shown = typeof handle !== 'string' || /^\d+$/.test(handle) ? String(handle) : `"${handle}"`
  return `${kind} ${shown}${owner ? ` of ${owner}` : ''}`
}

/** `Deleted label "bug" of project 20.`, with an optional `: detail` after the thing */
export function done(verb: string, what: string, detail?: string): Note {
  return note('done', sentence(`${verb} ${what}${detail ? `: ${detail}` : ''}`))
}

/** `Nothing changed: label "bug" already exists.` — the request succeeded and changed nothing */
export function unchanged(why: string): Note {
  return note('unchanged', sentence(`Nothing changed: ${why}`))
}

/** `Saved 1.2 MB to report.csv.`; the file's content went to stdout when the path is `-` */
export function saved(bytes: number, path: string, what?: string): Note {
  const subject = what ? `${what} (${formatBytes(bytes)})` : formatBytes(bytes)
  return note('saved', path === '-' ? `Wrote ${subject} to standard output.` : sentence(`Saved ${subject} to ${path}`))
}

/** a fact for the person that is neither a success nor a problem: a server's state, the next step */
export function info(text: string): Note {
  return note('info', sentence(text))
}

/** `Warning: …`: something went differently from what was asked; shown even with `-q` */
export function warning(text: string): Note {
  return note('warning', sentence(`Warning: ${text}`))
}

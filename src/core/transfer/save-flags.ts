// The flags of every command that saves a file (--clobber, --[no-]follow-redirects), and what they
// ask of a download; the download itself (download.ts) takes no oclif, so that src/api can use it.
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../base/errors.js'
import type {SaveOptions} from './download.js'

/** spread into every command that saves a file */
export const saveFlags = {
  clobber: Flags.boolean({description: 'overwrite the target file if it exists (without it, an existing file is an error, exit 2)'}),
  'follow-redirects': Flags.boolean({
    description: "when the server redirects the file to another host (object storage), fetch it from there, without the token (default: the profile's follow-redirects)",
    allowNo: true,
  }),
}

/** the flags, else the profile: a server that keeps its files in object storage is set up once */
export function saveOptions(flags: {clobber?: boolean; 'follow-redirects'?: boolean}, connection: {followRedirects: boolean}): SaveOptions {
  return {clobber: flags.clobber, followRedirects: flags['follow-redirects'] ?? connection.followRedirects}
}

/** a command that saves a file prints no records for --jq to filter or --columns to pick from: refused (exit 2), not silently ignored */
export function checkNoRecordFlags(flags: {jq?: string; columns?: string}): void {
  if (flags.jq !== undefined) throw new UsageError('--jq filters JSON output, and this command saves a file: leave --jq out')
  if (flags.columns !== undefined) throw new UsageError('--columns picks the fields of printed records, and this command saves a file: leave --columns out')
}

// The name a server proposes for a download (Content-Disposition, RFC 6266), and any name that is to
// become a file inside a target folder: a plain name, always inside that folder. A name that cannot be
// decoded (`filename*=UTF-8''%E0%A4%A`) is decoded as far as it goes instead of ending the run with
// "URI malformed"; one that is empty, only spaces or dots, or `..` is no name at all, so the command's
// own name is used: `join(folder, '..')` put the file, and its temporary file, outside the folder.
import {extname} from 'node:path'
import {replaceControls} from '../base/escape.js'

/** room under the 255 bytes a file name may have, for the temporary name `.NAME.1a2b3c4d.part` */
const NAME_MAX_BYTES = 200
/** an extension longer than this is part of the name when a name is shortened */
const EXTENSION_MAX_BYTES = 20

/** `attachment; filename="labels.ndjson.gz"` → `labels.ndjson.gz`; undefined when it names no usable file */
export function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined
  const extended = /(?:^|;)\s*filename\*\s*=\s*"?([^;"]*)/i.exec(disposition)
  const decoded = extended ? extended[1]!.trim() : undefined
  const fromExtended = decoded === undefined ? undefined : plainFileName(decodeExtended(decoded))
  // RFC 6266: filename* wins, but one that does not decode gives way to a plain filename beside it
  if (fromExtended && decodesCleanly(decoded!)) return fromExtended
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"?|([^;]*))/i.exec(disposition)
  const quoted = plain?.[1]?.replace(/\\(.)/g, '$1')
  const fromPlain = plain ? plainFileName(utf8IfItIs(quoted ?? plain[2]!.trim())) : undefined
  return fromPlain ?? fromExtended
}

/** every escape complete, and UTF-8 (unless another charset is named) that decodes without a replacement */
function decodesCleanly(value: string): boolean {
  const [, charset = '', , encoded = value] = /^([^']*)'([^']*)'(.*)$/.exec(value) ?? []
  if (/%(?![\da-f]{2})/i.test(encoded)) return false
  if (/^iso-8859-1$/i.test(charset)) return true
  try {
    new TextDecoder('utf-8', {fatal: true}).decode(
      Buffer.from(
        encoded.replace(/%([\da-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ),
    )
    return true
  } catch {
    return false
  }
}

/**
 * `name` as one file name inside a folder: its last path segment (`/` or `\`), control and
 * bidirectional-override characters as `_`, no leading dot (no hidden file), no trailing dots or
 * spaces, at most NAME_MAX_BYTES bytes with its extension kept; undefined when nothing is left.
 */
export function plainFileName(name: string): string | undefined {
  const segment = name.split(/[/\\]/).pop() ?? ''
  const trimmed = segment.replace(/^[\s.]+|[\s.]+$/g, '')
  return trimmed === '' ? undefined : shorten(replaceControls(trimmed, '_'))
}

/** RFC 8187's `charset'language'percent-encoded`: UTF-8 unless ISO-8859-1 is named; a broken escape stays as written */
function decodeExtended(value: string): string {
  const [, charset = '', , encoded = value] = /^([^']*)'([^']*)'(.*)$/.exec(value) ?? []
  const bytes: number[] = []
  for (let i = 0; i < encoded.length; i++) {
    const hex = encoded.slice(i + 1, i + 3)
    if (encoded[i] === '%' && /^[\da-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(encoded[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString(/^iso-8859-1$/i.test(charset) ? 'latin1' : 'utf8')
}

/** a header arrives as latin1: a plain filename sent as raw UTF-8 (`résumé.csv`) is read as UTF-8 */
function utf8IfItIs(text: string): string {
  if (!/[\u0080-\u00ff]/.test(text) || /[\u0100-\uffff]/.test(text)) return text
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(Buffer.from(text, 'latin1'))
  } catch {
    return text
  }
}

function shorten(name: string): string {
  if (Buffer.byteLength(name) <= NAME_MAX_BYTES) return name
  const extension = extname(name)
  const kept = Buffer.byteLength(extension) <= EXTENSION_MAX_BYTES ? extension : ''
  let stem = ''
  let bytes = Buffer.byteLength(kept)
  for (const character of name.slice(0, name.length - kept.length)) {
    bytes += Buffer.byteLength(character)
    if (bytes > NAME_MAX_BYTES) break
    stem += character
  }
  // the cut may end the stem in a space or a dot, which a name must not end in when it has no extension
  return stem.replace(/[\s.]+$/, '') + kept
}

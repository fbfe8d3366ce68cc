// The Link header (RFC 8288) read as it is written, not split on every comma: a target's query may hold
// a comma (a cursor, `topic=a,b`) and a quoted parameter may too, and `rel` is a list of relation types
// in any case. A next link misread this way once ended a whole-list read as if the list were complete.

/** one link-value: its target (the text inside <…>, when there is one), its parameters, its text */
export interface LinkValue {
  target: string | undefined
  /** parameter names in lower case; a quoted value without its quotes and escapes */
  params: ReadonlyMap<string, string>
  text: string
}

/** the parts of `text` between each `separator` that is neither inside <…> nor inside a quoted string; linear */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = []
  let start = 0
  let angle = false
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '\\') i++
      else if (c === '"') quoted = false
    } else if (angle) {
      if (c === '>') angle = false
    } else if (c === '"') quoted = true
    else if (c === '<') angle = true
    else if (c === separator) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1).replaceAll(/\\(.)/g, '$1') : value
}

export function linkValues(header: string): LinkValue[] {
  return splitOutside(header, ',')
    .map(part => part.trim())
    .filter(part => part !== '')
    .map(text => {
      const [head = '', ...rest] = splitOutside(text, ';')
      const target = /^<([^>]*)>$/.exec(head.trim())?.[1]
      const params = new Map<string, string>()
      for (const param of rest) {
        const at = param.indexOf('=')
        const name = (at < 0 ? param : param.slice(0, at)).trim().toLowerCase()
        if (name !== '' && !params.has(name)) params.set(name, at < 0 ? '' : unquote(param.slice(at + 1).trim()))
      }
      return {target, params, text}
    })
}

/** a link-value whose relation types (`rel`, space-separated, any case) include `relation` */
export function hasRelation(value: LinkValue, relation: string): boolean {
  return (value.params.get('rel') ?? '').toLowerCase().split(/\s+/).includes(relation)
}

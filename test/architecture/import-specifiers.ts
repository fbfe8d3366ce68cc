// The module specifiers a TypeScript file imports (`import … from`, `import '…'`, `export … from`,
// `import('…')`, type-only ones too), read by a small tokenizer rather than a regular expression over the
// text: a comment, a string, a template or a regular expression that mentions `import` is skipped as a
// whole. TypeScript 7 has no JavaScript API, and esbuild drops type-only imports, which are arrows
// between rooms all the same. test/architecture/imports.test.ts checks this reader against esbuild's.

type Token = {kind: 'word' | 'string' | 'punct'; value: string}

const WORD_START = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$'
const WORD_PART = (c: string) => WORD_START(c) || (c >= '0' && c <= '9')
// after these, a `/` starts a regular expression; after a name, a number, `)` or `]`, it divides
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await'])

function tokens(text: string): Token[] {
  const out: Token[] = []
  // one entry per open `${` of a template: the depth of braces inside it
  const templates: number[] = []
  let i = 0
  const regexMayStart = () => {
    const last = out.at(-1)
    if (last === undefined) return true
    if (last.kind === 'word') return REGEX_AFTER_WORD.has(last.value)
    if (last.kind === 'string') return false
    return last.value !== ')' && last.value !== ']'
  }
  // reads a template's text from i (just after ` or }) to its end or its next `${`
  const templateText = () => {
    while (i < text.length) {
      const c = text[i]
      if (c === '\\') i += 2
      else if (c === '`') {
        i++
        return
      } else if (c === '$' && text[i + 1] === '{') {
        i += 2
        templates.push(0)
        return
      } else i++
    }
  }
  while (i < text.length) {
    const c = text[i] as string
    const next = text[i + 1]
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
    } else if (c === "'" || c === '"') {
      let value = ''
      i++
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\') i++
        value += text[i]
        i++
      }
      i++
      out.push({kind: 'string', value})
    } else if (c === '`') {
      i++
      templateText()
      out.push({kind: 'string', value: '`'})
    } else if (c === '/' && regexMayStart()) {
      let inClass = false
      i++
      while (i < text.length && (inClass || text[i] !== '/')) {
        if (text[i] === '\\') i++
        else if (text[i] === '[') inClass = true
        else if (text[i] === ']') inClass = false
        i++
      }
      i++
      while (i < text.length && WORD_PART(text[i] as string)) i++
      out.push({kind: 'string', value: '/'})
    } else if (WORD_START(c) || (c >= '0' && c <= '9')) {
      const start = i
      while (i < text.length && WORD_PART(text[i] as string)) i++
      out.push({kind: 'word', value: text.slice(start, i)})
    } else if (c === '{' || c === '}') {
      i++
      const depth = templates.at(-1)
      if (depth !== undefined && c === '{') templates[templates.length - 1] = depth + 1
      else if (depth !== undefined && c === '}' && depth > 0) templates[templates.length - 1] = depth - 1
      else if (depth !== undefined && c === '}') {
        templates.pop()
        templateText()
        continue
      }
      out.push({kind: 'punct', value: c})
    } else if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++
    } else {
      i++
      out.push({kind: 'punct', value: c})
    }
  }
  return out
}

// what may stand between `import`/`export` and `from`: names, `type`, `as`, braces, commas, `*`
const inClause = (t: Token) => (t.kind === 'word' && t.value !== 'import' && t.value !== 'export' && t.value !== 'from') || (t.kind === 'punct' && '{},*'.includes(t.value))

export interface ImportSpecifier {
  specifier: string
  /** `import type …` or `export type … from`: gone from the JavaScript */
  typeOnly: boolean
}

/** every module a file's text imports or re-exports from */
export function importSpecifiers(text: string): ImportSpecifier[] {
  const list = tokens(text)
  const found: ImportSpecifier[] = []
  list.forEach((token, at) => {
    if (token.kind !== 'word' || (token.value !== 'import' && token.value !== 'export')) return
    const after = list[at + 1]
    if (after === undefined || list[at - 1]?.value === '.') return
    if (token.value === 'import' && after.kind === 'string') {
      found.push({specifier: after.value, typeOnly: false})
      return
    }
    if (token.value === 'import' && after.value === '(') {
      const target = list[at + 2]
      if (target?.kind === 'string' && target.value !== '`' && list[at + 3]?.value === ')') found.push({specifier: target.value, typeOnly: false})
      return
    }
    let j = at + 1
    while (j < list.length && inClause(list[j] as Token)) j++
    const from = list[j]
    const target = list[j + 1]
    if (j > at + 1 && from?.kind === 'word' && from.value === 'from' && target?.kind === 'string')
      found.push({specifier: target.value, typeOnly: after.value === 'type' && list[at + 2]?.value !== 'from' && list[at + 2]?.value !== ','})
  })
  return found
}

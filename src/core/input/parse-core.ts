// The parse of a document from outside (a state file, a saved plan, a --from-file records file), held to
// its limits of depth and count, and linear in its size. This function is also the body of the worker
// that parses a large file (parse-data.ts), which runs it from its source text (Function.toString): it
// refers to nothing outside itself, takes the yaml module as an argument, and returns plain data.
//
// Linear: yaml's own duplicate-key check compares each key with every earlier key of its mapping (a
// state file of 50,000 projects took 28 s, 100,000 over two minutes), so it is off (uniqueKeys: false)
// and done here with a Set per mapping. A JSON file's keys are checked by one scan of its text.
// Bounded: the parser's stack is checked after each token, so that `[[[[…` stops near the limit
// rather than filling the memory, and the data's depth exactly after; the count is of the values the data holds with every alias
// expanded (a "billion laughs" stops at the limit), walked without recursion.
//
// Fast: yaml builds a document of nodes (for its messages' lines and columns), at about 1 MB a second
// here: a state file of 100,000 projects took 14 s to parse. Given `fast` (js-yaml, in the worker that
// takes a large text), a text is first read by it, several times faster, with the same schema (YAML 1.2
// core), the same numbers (each mode below, by the same patterns), keys given twice refused and
// `__proto__` a key like any other. Whatever it refuses or would read otherwise (another schema's
// directive, an explicit tag, a key not a string, number or boolean) is read again by yaml as before,
// so that every refusal keeps yaml's words, line and column, and a text yaml reads js-yaml never reads
// differently (test/unit/parse-fast.test.ts compares them).

export interface ParseLimits {
  /** levels of nesting */
  depth: number
  /** values (mappings, lists, scalars), every alias expanded */
  items: number
}

export interface ParseOptions {
  json: boolean
  /**
   * what a YAML number written otherwise than JavaScript writes it becomes: `text` its source
   * (VERSION: 1.10 is "1.10"), `exact` a marker {"\u0000number": source} for a number a double would
   * change (the caller makes it an ExactNumber), `value` the number. In JSON, `exact` marks
   * {"\u0000json": source} a number of 16 digits or more or with an exponent (the caller keeps it as
   * JSON.parse makes it when a double holds it), the others as JSON.parse makes them
   */
  numbers: 'text' | 'exact' | 'value'
  limits: ParseLimits
}

/** what went wrong, as data (a worker hands it back as a message): `limit` names the limit passed */
export interface ParseProblem {
  problem: 'syntax' | 'depth' | 'items'
  message: string
}

/** `fast`: read by the fast reader (no yaml document was built) */
export type ParseResult = {data: unknown; fast?: true} | ParseProblem

export function parseCore(yaml: typeof import('yaml'), text: string, options: ParseOptions, fast?: typeof import('js-yaml')): ParseResult {
  const {depth, items} = options.limits
  const tooDeep = (): ParseProblem => ({problem: 'depth', message: `is nested more than ${depth} levels deep, the limit`})
  const tooMany = (): ParseProblem => ({problem: 'items', message: `holds more than ${items} values, the limit`})
  const fail = (problem: ParseProblem) => {
    throw Object.assign(new Error(problem.message), {parseProblem: problem})
  }
  const first = (message: string) => message.split('\n')[0]!.replace(/:$/, '')

  /** every value, aliases expanded, no deeper than the limit and no more than the count */
  const walk = (data: unknown) => {
    let count = 0
    const stack: Array<[unknown, number]> = [[data, 1]]
    while (stack.length > 0) {
      const [value, level] = stack.pop()!
      if (++count > items) fail(tooMany())
      if (value === null || typeof value !== 'object') continue
      if (level > depth) fail(tooDeep())
      for (const inner of Array.isArray(value) ? value : Object.values(value)) stack.push([inner, level + 1])
    }
  }

  /**
   * where the numbers a double may not hold are (16 digits or more, or an exponent), in exact mode:
   * each becomes a marker {"\u0000json": its text}, which the caller keeps as it is or makes a number
   */
  const inexact: Array<[number, number]> = []
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y

  /** a JSON text's nesting and repeated keys, in one scan (JSON.parse keeps the last of two equal keys without a word) */
  const scanJson = (): string | undefined => {
    const keys: Array<Set<string> | undefined> = []
    let expectKey = false
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        let end = i + 1
        let escaped = false
        while (end < text.length && text.charCodeAt(end) !== 0x22) {
          if (text.charCodeAt(end) === 0x5c) {
            escaped = true
            end++
          }
          end++
        }
        const inner = keys.at(-1)
        if (expectKey && inner) {
          let key = text.slice(i + 1, end)
          if (escaped) {
            try {
              key = JSON.parse(text.slice(i, end + 1)) as string
            } catch {
              return undefined
            }
          }
          if (inner.has(key)) {
            const line = text.slice(0, i).split('\n').length
            return `Map keys must be unique at line ${line}: ${JSON.stringify(key)}`
          }
          inner.add(key)
        }
        expectKey = false
        i = end
      } else if (c === 0x7b || c === 0x5b) {
        keys.push(c === 0x7b ? new Set() : undefined)
        if (keys.length > depth) fail(tooDeep())
        expectKey = c === 0x7b
      } else if (c === 0x7d || c === 0x5d) {
        keys.pop()
      } else if (c === 0x2c) {
        expectKey = keys.at(-1) !== undefined
      } else if (options.numbers === 'exact' && (c === 0x2d || (c >= 0x30 && c <= 0x39))) {
        NUMBER.lastIndex = i
        const token = NUMBER.exec(text)?.[0]
        if (!token) continue
        if (/[eE]|(?:\d[.]?){16}/.test(token)) inexact.push([i, i + token.length])
        i += token.length - 1
      }
    }
    return undefined
  }

  /** the text with each such number as its marker */
  const marked = () => {
    let out = ''
    let from = 0
    for (const [start, end] of inexact) {
      out += `${text.slice(from, start)}{"\\u0000json":"${text.slice(start, end)}"}`
      from = end
    }
    return out + text.slice(from)
  }

  /** what yaml's core schema makes a plain number, then what this parse makes of it (options.numbers) */
  const asNumber = (source: string, value: number): unknown => {
    if (options.numbers === 'value' || String(value) === source) return value
    if (options.numbers === 'text') return source
    return /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(source) ? {'\u0000number': source} : value
  }

  /** the data as js-yaml reads it, or undefined for anything yaml is to read (and refuse) instead */
  const readFast = (): {data: unknown; fast: true} | undefined => {
    // what the two read otherwise goes to yaml: a directive (%YAML 1.1 changes yaml's schema), a
    // carriage return alone (a line break to js-yaml, a character to yaml), a tab (yaml refuses some
    // js-yaml takes), an anchor, alias or tag (js-yaml takes `k: &a v: 1`, yaml refuses it); found by
    // test/unit/parse-fast.test.ts, and a state file rarely holds any of them
    if (!fast || /^%|\r(?!\n)|\t|(?:^|[\s,[{])[&*!]/m.test(text)) return undefined
    const {CORE_SCHEMA, NOT_RESOLVED, defineMappingTag, defineScalarTag, defineSequenceTag, load} = fast
    // a number as read, made what this parse makes of it (asNumber) where it is placed: as a key it goes
    // to yaml, which compares keys by value (1e3 and 1000 are one key) and makes them text otherwise
    class Read {
      constructor(
        readonly source: string,
        readonly value: number,
      ) {}
    }
    const placed = (value: unknown) => (value instanceof Read ? asNumber(value.source, value.value) : value)
    // yaml's core schema (yaml/dist/schema/core): the patterns of its int and float tags, and their values
    const numberTag = (name: string, patterns: Array<[RegExp, (source: string) => number]>) =>
      defineScalarTag(name, {
        implicit: true,
        implicitFirstChars: [...'0123456789+-.'],
        resolve: (source, explicit) => {
          if (explicit) return NOT_RESOLVED
          for (const [pattern, value] of patterns) if (pattern.test(source)) return new Read(source, value(source))
          return NOT_RESOLVED
        },
        identify: () => false,
      })
    const intTag = numberTag('tag:yaml.org,2002:int', [
      [/^0o[0-7]+$/, source => Number.parseInt(source.slice(2), 8)],
      [/^[-+]?[0-9]+$/, Number],
      [/^0x[0-9a-fA-F]+$/, source => Number.parseInt(source.slice(2), 16)],
    ])
    const floatTag = numberTag('tag:yaml.org,2002:float', [
      [/^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/, source => (/nan/i.test(source) ? Number.NaN : source.startsWith('-') ? -Infinity : Infinity)],
      [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, Number],
      [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, Number],
    ])
    const seqTag = defineSequenceTag<unknown[]>('tag:yaml.org,2002:seq', {
      create: () => [],
      addItem: (carrier, item) => {
        carrier.push(placed(item))
      },
      identify: () => false,
    })
    // a key other than a string (a number, true, null, a list) goes to yaml: it compares such keys by
    // value and makes them text its own way
    const mapTag = defineMappingTag<Record<string, unknown>>('tag:yaml.org,2002:map', {
      create: () => ({}),
      addPair: (carrier, key, value) => {
        if (typeof key !== 'string') return 'a key that is not a string'
        if (key === '__proto__') Object.defineProperty(carrier, key, {value: placed(value), writable: true, enumerable: true, configurable: true})
        else carrier[key] = placed(value)
        return ''
      },
      has: (carrier, key) => typeof key === 'string' && Object.hasOwn(carrier, key),
      keys: carrier => Object.keys(carrier),
      get: (carrier, key) => carrier[String(key)],
      identify: () => false,
    })
    try {
      const data = placed(load(text, {schema: CORE_SCHEMA.withTags(intTag, floatTag, seqTag, mapTag), maxDepth: depth, maxAliases: items}))
      return {data: data === undefined ? null : data, fast: true}
    } catch {
      return undefined
    }
  }

  try {
    if (options.json) {
      const duplicate = scanJson()
      let data: unknown
      try {
        data = JSON.parse(text)
      } catch (error) {
        return {problem: 'syntax', message: `is not valid JSON: ${first((error as Error).message)}`}
      }
      if (duplicate) return {problem: 'syntax', message: `is not valid JSON: ${duplicate}`}
      if (inexact.length > 0) data = JSON.parse(marked())
      walk(data)
      return {data}
    }

    const read = readFast()
    if (read) {
      walk(read.data)
      return read
    }

    const {Composer, Lexer, LineCounter, Parser, isMap, isScalar, visit} = yaml
    const lines = new LineCounter()
    const parser = new Parser(lines.addNewLine)
    const composer = new Composer({uniqueKeys: false, keepSourceTokens: options.numbers === 'exact'})
    const at = (offset: number) => {
      const {line, col} = lines.linePos(offset)
      return ` at line ${line}, column ${col}`
    }
    // parser.parse(text), with the depth checked after every token
    function* tokens() {
      lines.addNewLine(0)
      for (const lexeme of new Lexer().lex(text)) {
        yield* parser.next(lexeme)
        // the stack holds a token or two per level (a block map, its pair's value): a guard of the
        // memory, loose enough for any depth within the limit, which walk() then checks exactly
        if (parser.stack.length > 2 * depth + 8) fail(tooDeep())
      }
      yield* parser.end()
    }
    const docs = [...composer.compose(tokens(), true, text.length)]
    const doc = docs[0]!
    if (docs.length > 1) return {problem: 'syntax', message: `is not valid YAML: Source contains multiple documents${at(docs[1]!.range[0])}`}
    const problem = doc.errors[0] ?? doc.warnings[0]
    if (problem) return {problem: 'syntax', message: `is not valid YAML: ${first(problem.message)}${at(problem.pos[0])}`}
    let duplicate: string | undefined
    visit(doc, {
      Map(_key, node) {
        if (duplicate !== undefined || !isMap(node)) return
        const seen = new Set<unknown>()
        for (const pair of node.items) {
          const key = isScalar(pair.key) ? pair.key.value : pair.key
          if (seen.has(key)) {
            const range = (pair.key as {range?: number[]} | null)?.range
            duplicate = `is not valid YAML: Map keys must be unique${range ? at(range[0]!) : ''}`
            return visit.BREAK
          }
          seen.add(key)
        }
        return undefined
      },
      Scalar(_key, node) {
        if (typeof node.value !== 'number') return
        if (options.numbers === 'text') {
          if (typeof node.source === 'string' && node.source !== String(node.value)) node.value = node.source
        } else if (options.numbers === 'exact') {
          const token = node.srcToken as {source?: unknown} | undefined
          const source = typeof token?.source === 'string' ? token.source : undefined
          if (source !== undefined && String(node.value) !== source && /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(source)) node.value = {'\u0000number': source}
        }
      },
    })
    if (duplicate) return {problem: 'syntax', message: duplicate}
    let data: unknown
    try {
      // an alias counts toward the values it expands to (walk); yaml's own bound, the alias uses times
      // the aliases inside what they name, is set to the same count, so that a file of many projects
      // naming one anchor passes and a billion laughs stops early
      data = doc.toJS({maxAliasCount: items})
    } catch (error) {
      if (/alias count/i.test((error as Error).message)) return tooMany()
      return {problem: 'syntax', message: `is not valid YAML: ${first((error as Error).message)}`}
    }
    walk(data)
    return {data}
  } catch (error) {
    const problem = (error as {parseProblem?: ParseProblem}).parseProblem
    if (problem) return problem
    if (error instanceof RangeError) return {problem: 'depth', message: `is nested too deep to read (${first(error.message)})`}
    throw error
  }
}

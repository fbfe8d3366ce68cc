// --columns prunes a streamed list page by page: the first page is written before the second arrives
// (issue 25, point 3). The Printer writes into an array here; the pages come from a generator the
// test holds back.
import {Writable} from 'node:stream'
import {describe, expect, it} from 'vitest'
import {Printer} from '../../src/core/output/output.js'

describe('Printer.list with --columns', () => {
  for (const format of ['json', 'ndjson'] as const) {
    it(`keeps streaming ${format}: the first page, pruned, is out before the second arrives`, async () => {
      const out: string[] = []
      const stdout = new Writable({
        write(chunk, _encoding, callback) {
          out.push(String(chunk))
          callback()
        },
      })
      const printer = new Printer({format, columns: ['name', 'id'], header: true, quiet: false}, {stdout, stderr: stdout, env: {}, now: Date.now})
      let release!: () => void
      const held = new Promise<void>(resolve => (release = resolve))
      async function* pages(): AsyncGenerator<unknown[]> {
        yield [{id: 1, name: 'a', color: 'red'}]
        await held
        yield [{id: 2, name: 'b', color: 'blue'}]
      }
      const done = printer.list(pages())
      await new Promise(resolve => setTimeout(resolve, 20))
      expect(out.join('')).toBe(format === 'json' ? '[\n  {\n    "name": "a",\n    "id": 1\n  }' : '{"name":"a","id":1}\n')
      release()
      await done
      const text = out.join('')
      expect(
        format === 'json'
          ? JSON.parse(text)
          : text
              .trimEnd()
              .split('\n')
              .map(line => JSON.parse(line) as unknown),
      ).toEqual([
        {name: 'a', id: 1},
        {name: 'b', id: 2},
      ])
    })
  }
})

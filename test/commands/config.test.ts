// The config topic: a profile's settings set, read, listed and unset, as a person and a script use
// them. The settings file's own rules (one writer, owners, a hand-edited file) are settings-file.test.ts.
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {OUTPUT_FORMATS} from '../../src/core/output/formats.js'
import {freshConfigDir, runCli} from '../helpers/cli.js'

const inFolder = (dir: string) => (args: string[]) => runCli(args, {env: {FORGECTL_CONFIG_DIR: dir}})

describe('config set, get, list, unset, path', () => {
  it('a value set is read back, listed, and gone once unset (then get exits 3)', async () => {
    const cli = inFolder(freshConfigDir())
    const set = await cli(['config', 'set', 'host', 'https://forge.example.com'])
    expect(set.code).toBe(0)
    expect(set.stdout).toBe('')
    expect(set.stderr).toBe('Set host of profile "default".\n')
    expect((await cli(['config', 'get', 'host'])).stdout).toBe('https://forge.example.com\n')
    expect((await cli(['config', 'list', '--json'])).json()).toEqual({host: 'https://forge.example.com'})
    expect((await cli(['config', 'unset', 'host'])).code).toBe(0)
    const gone = await cli(['config', 'get', 'host'])
    expect(gone.code).toBe(3)
    expect(gone.stdout).toBe('')
    expect(gone.stderr).toBe('Error: host is not set\n')
  })

  it('an empty profile: no blank lines on stdout as a table or CSV, the table says so on stderr; the data formats print {}', async () => {
    const cli = inFolder(freshConfigDir())
    const table = await cli(['config', 'list', '-o', 'table'])
    expect([table.code, table.stdout, table.stderr]).toEqual([0, '', 'No results.\n'])
    const csv = await cli(['config', 'list', '-o', 'csv'])
    expect([csv.code, csv.stdout, csv.stderr]).toEqual([0, '', ''])
    expect((await cli(['config', 'list', '-o', 'json'])).stdout).toBe('{}\n')
    // a record with fields is unchanged: one field/value row
    await cli(['config', 'set', 'timeout', '30'])
    expect((await cli(['config', 'list', '-o', 'csv'])).stdout).toBe('timeout\n30\n')
  })

  it('a key that is no setting is refused (exit 2), naming the keys there are, and nothing is written', async () => {
    const dir = freshConfigDir()
    const result = await inFolder(dir)(['config', 'set', 'colour', 'blue'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^Error: KEY "colour": must be one of host, token, [^\n]*output[^\n]*\n$/)
    expect((await inFolder(dir)(['config', 'list', '--json'])).json()).toEqual({})
  })

  it('output takes exactly the formats -o takes (core/output/formats.ts)', async () => {
    const cli = inFolder(freshConfigDir())
    for (const format of OUTPUT_FORMATS) {
      expect((await cli(['config', 'set', 'output', format])).code).toBe(0)
      expect((await cli(['config', 'get', 'output'])).stdout).toBe(`${format}\n`)
    }
    const refused = await cli(['config', 'set', 'output', 'xml'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`must be one of ${OUTPUT_FORMATS.join(', ')}`)
  })

  it('path prints where the settings file is: in FORGECTL_CONFIG_DIR when set', async () => {
    const dir = freshConfigDir()
    const result = await inFolder(dir)(['config', 'path'])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`${join(dir, 'config.json')}\n`)
  })
})

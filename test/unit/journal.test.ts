// A fan-out's journal as --resume reads it: what is finished, what was under way when the run was
// killed, and a last line cut short by the kill left out rather than refused.
import {describe, expect, it} from 'vitest'
import {inputHash, parseJournal} from '../../src/core/lists/journal.js'

const header = JSON.stringify({journal: 1, command: 'forgectl labels create', salt: 'ab', input: 'cd', started: '2026-11-26T00:00:00Z'})
const lines = (...entries: object[]) => [header, ...entries.map(e => JSON.stringify(e))].join('\n')

describe('parseJournal', () => {
  it('done and unchanged are finished; failed and not attempted are not; started without an end is uncertain', async () => {
    const state = await parseJournal(
      lines({start: 'a'}, {end: 'a', outcome: 'done'}, {start: 'b'}, {end: 'b', outcome: 'failed'}, {start: 'c'}, {start: 'd'}, {end: 'd', outcome: 'unchanged'}, {end: 'e', outcome: 'not attempted'}),
      'j',
    )
    expect([...state.finished].sort()).toEqual(['a', 'd'])
    expect([...state.uncertain]).toEqual(['c'])
  })

  it('a resumed run that finishes an item that failed before counts it finished', async () => {
    expect([...(await parseJournal(lines({end: 'b', outcome: 'failed'}, {start: 'b'}, {end: 'b', outcome: 'done'}), 'j')).finished]).toEqual(['b'])
  })

  it('a last line cut short by kill -9 is left out; a broken line before it, or a broken header, is refused', async () => {
    expect([...(await parseJournal(`${lines({start: 'a'}, {end: 'a', outcome: 'done'})}\n{"start":"b`, 'j')).finished]).toEqual(['a'])
    await expect(parseJournal(`${header}\n{"start":\n${JSON.stringify({start: 'a'})}`, 'j')).rejects.toThrow('the journal j is damaged (line 2): run without --resume to start over')
    await expect(parseJournal('{"journal":', 'j')).rejects.toThrow('damaged')
    await expect(parseJournal('{"journal":7}', 'j')).rejects.toThrow('is not one this forgectl writes')
  })

  it.each(['null', '[]', '5', '"done"'])('a whole line %s where an entry belongs is refused, not a crash', async line => {
    await expect(parseJournal(`${lines({start: 'a'})}\n${line}\n${JSON.stringify({end: 'a', outcome: 'done'})}`, 'j')).rejects.toThrow('the journal j is damaged (line 3)')
    await expect(parseJournal(`${lines({start: 'a'})}\n${line}`, 'j')).rejects.toThrow('the journal j is damaged (line 3)')
    await expect(parseJournal(line, 'j')).rejects.toThrow('the journal j is damaged (line 1)')
  })
})

describe('inputHash', () => {
  it('equal inputs give equal hashes with the same salt; another input or salt, another hash', () => {
    const input = {items: [{name: 'bug', color: 'red'}], flags: {project: '20'}}
    expect(inputHash(input, 's1')).toBe(inputHash(structuredClone(input), 's1'))
    expect(inputHash(input, 's2')).not.toBe(inputHash(input, 's1'))
    expect(inputHash({...input, flags: {project: '21'}}, 's1')).not.toBe(inputHash(input, 's1'))
  })
})

// --shard I/N (issue 29, point 4): N jobs, each with its own I, cover every target exactly once, each
// within its share, whatever the order of the list; and the flag's value is refused in one line when
// it is not I/N.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {inShard, MAX_SHARDS, parseShard, shardOfKey} from '../../src/core/input/shard.js'

/** 1,000 distinct project paths of a fleet */
const fleets = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9-]{0,12}(\/[a-z][a-z0-9-]{0,12}){1,3}$/), {minLength: 1000, maxLength: 1000})

describe('inShard', () => {
  it('the shards of 1,000 targets are disjoint and complete, and each stays within its share', () => {
    fc.assert(
      fc.property(fleets, fc.integer({min: 1, max: 20}), (paths, count) => {
        const shards = Array.from({length: count}, (_, i) => inShard(paths, p => p, {index: i + 1, count}))
        const all = shards.flat()
        expect(all).toHaveLength(paths.length)
        expect(new Set(all).size).toBe(paths.length)
        // a hash splits as a fair draw would: within five standard deviations of an equal share
        const share = paths.length / count
        const spread = 5 * Math.sqrt(paths.length * (1 / count) * (1 - 1 / count))
        for (const shard of shards) expect(Math.abs(shard.length - share)).toBeLessThanOrEqual(spread + 1)
      }),
      {numRuns: 40},
    )
  })

  it('a target is in the same shard whatever the order of the list and whatever else is in it', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({minLength: 1}), {minLength: 1, maxLength: 200}), fc.integer({min: 1, max: 50}), fc.integer(), (keys, count, seed) => {
        const shuffled = [...keys].sort((a, b) => shardOfKey(a + seed, 97) - shardOfKey(b + seed, 97) || a.localeCompare(b))
        for (let index = 1; index <= count; index++) {
          expect(new Set(inShard(shuffled, k => k, {index, count}))).toEqual(new Set(inShard(keys, k => k, {index, count})))
        }
        for (const key of keys) expect(inShard([key], k => k, {index: shardOfKey(key, count), count})).toEqual([key])
      }),
    )
  })

  it('names the same shard on every machine and in every version: the hash is fixed (changing it would move targets between jobs)', () => {
    expect(['acme/api', 'acme/web', 'opensource/tool', 'bug', 'é/ü'].map(k => shardOfKey(k, 7))).toEqual([2, 1, 2, 3, 7])
    expect(shardOfKey('acme/api', 1)).toBe(1)
    expect(inShard(['a', 'b'], k => k, undefined)).toEqual(['a', 'b'])
  })
})

describe('parseShard', () => {
  it.each([
    ['1/1', {index: 1, count: 1}],
    ['2/5', {index: 2, count: 5}],
    [' 3 / 4 ', {index: 3, count: 4}],
    [`${MAX_SHARDS}/${MAX_SHARDS}`, {index: MAX_SHARDS, count: MAX_SHARDS}],
  ])('%j', (value, shard) => {
    expect(parseShard(value)).toEqual(shard)
  })

  it.each(['0/3', '4/3', '1/0', '3', '1/2/3', 'a/b', '-1/3', '1.5/3', '', `1/${MAX_SHARDS + 1}`])('%j is refused, naming the flag and the value', value => {
    expect(() => parseShard(value)).toThrow(`--shard "${value}": must be I/N, this job's number from 1 to N and the number of jobs (at most ${MAX_SHARDS}), e.g. 2/5`)
  })
})

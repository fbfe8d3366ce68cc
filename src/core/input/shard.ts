// Shards of a fan-out across CI jobs (issue 29, point 4): `--shard I/N` keeps the targets of the I-th of
// N parallel jobs, so that the N jobs together cover every target exactly once. The split is by a hash
// of each target's own key (a project's path, a label's name), not by its place in the list: the jobs
// agree whatever the order of the file, and a target added or removed moves no other one. The flag's
// rule and the split live here, for every fan-out (and plan/apply) to share.
import {InputError} from '../base/input-error.js'

/** the I-th (from 1) of N shards */
export interface Shard {
  index: number
  count: number
}

/** more jobs than this is not a CI matrix anyone runs: a typo */
export const MAX_SHARDS = 10_000

/** `2/5` as a shard; anything else refused in one line naming the flag and the value */
export function parseShard(value: string, where = '--shard'): Shard {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(value)
  const rule = `must be I/N, this job's number from 1 to N and the number of jobs (at most ${MAX_SHARDS}), e.g. 2/5`
  if (!match) throw new InputError(`${where} "${value}"`, rule)
  const index = Number(match[1])
  const count = Number(match[2])
  if (count < 1 || count > MAX_SHARDS || index < 1 || index > count) throw new InputError(`${where} "${value}"`, rule)
  return {index, count}
}

/** the shard (1..count) a key belongs to: the same on every machine and in every run */
export function shardOfKey(key: string, count: number): number {
  return (hash32(key) % count) + 1
}

/** the items of `shard` (all of them without one), in their order */
export function inShard<I>(items: readonly I[], key: (item: I) => string, shard: Shard | undefined): I[] {
  if (shard === undefined) return [...items]
  return items.filter(item => shardOfKey(key(item), shard.count) === shard.index)
}

/**
 * FNV-1a over the key's UTF-8 bytes, then murmur3's finaliser so that keys that differ in their last
 * character (`app-1`, `app-2`) spread over the shards rather than fall into neighbouring ones. Written
 * out rather than node:crypto, which a fan-out's start would otherwise load for a few bytes.
 */
function hash32(key: string): number {
  let h = 0x811c9dc5
  for (const byte of new TextEncoder().encode(key)) {
    h ^= byte
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

// Work over many items at bounded concurrency (--concurrency): the reads of a plan, one (scope,
// section) list at a time per slot, so that a thousand projects never open a thousand requests.

/** `work` for every item, at most `width` at once; the results in the items' order; the first failure ends it */
export async function inPool<I, R>(items: readonly I[], width: number, work: (item: I) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  let failed = false
  const worker = async () => {
    while (next < items.length && !failed) {
      const index = next++
      try {
        results[index] = await work(items[index]!)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({length: Math.min(Math.max(1, width), items.length)}, worker))
  return results
}

/** at most `width` calls of the returned function run at once; the others wait their turn, in order */
export function limiter(width: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: Array<() => void> = []
  return async work => {
    if (running >= width) await new Promise<void>(resolve => waiting.push(resolve))
    else running++
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}

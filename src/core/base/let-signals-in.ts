let lastPause = performance.now()

/**
 * A pause for the event loop when the last was more than a few milliseconds ago: a long synchronous
 * loop (the check of 100,000 projects) awaits this between steps, so that a signal is heard; an await
 * of a promise alone runs no timer, signal or I/O.
 */
export async function letSignalsIn(): Promise<void> {
  if (performance.now() - lastPause < 4) return
  await new Promise(resolve => setImmediate(resolve))
  lastPause = performance.now()
}

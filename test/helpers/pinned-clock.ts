// The sandbox's clock held still for a test file (store.nowMs() reads it): every job's progress (a storage
// move, a relations export) is read at a moment the test chooses, not at whatever a loaded machine reaches.
// `clock.now` is the sandbox's time in ms; a test moves it forward by assigning.
import {afterAll, beforeAll} from 'vitest'
import type {SandboxHandle} from './sandbox.js'

export function pinnedClock(sb: SandboxHandle, start: string): {now: number} {
  const clock = {now: Date.parse(start)}
  beforeAll(() => {
    sb.sandbox.store.options.clock = () => clock.now
  })
  afterAll(() => {
    delete sb.sandbox.store.options.clock
  })
  return clock
}

// The widgets topic (a throwaway: docs/ARCHITECTURE.md's "Add a topic" followed once).
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

describe('widgets list', () => {
  it("lists a project's widgets, exactly the API JSON", async () => {
    const result = await sb.run(['widgets', 'list', '-p', '20', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual([{id: 1, name: 'gear'}])
  })
})

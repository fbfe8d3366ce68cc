// State files written for a test: each in the test file's own folder, under a fresh name, with the
// `version: 1` every state file starts with.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

export function stateFiles(name: string): {folder: string; stateFile: (text: string) => string} {
  const folder = mkdtempSync(join(tmpdir(), `forgectl-${name}-`))
  let files = 0
  return {
    folder,
    stateFile(text) {
      const path = join(folder, `state-${++files}.yaml`)
      writeFileSync(path, `version: 1\n${text}`)
      return path
    },
  }
}

// Every folder forgectl writes into passes one function (ensureFolder, src/core/config/folder.ts):
// the user's own (or root's), and a symlink only when both the link and its target are (issue 35, item
// 6c). In a settings folder every user may write in (FORGECTL_CONFIG_DIR=/tmp/shared), another user
// could plant `journals` as a symlink to a folder of theirs, and the next fan-out wrote its journal
// (the run's host, targets and outcome) there. The tests run as root, as CI does: another user's
// files are made with chown.
import {chmodSync, lchownSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const isRoot = process.geteuid?.() === 0
const OTHER_UID = 4242

function sharedSettings(): {settings: string; theirs: string; records: string} {
  const root = mkdtempSync(join(tmpdir(), 'forgectl-shared-'))
  const settings = join(root, 'shared')
  mkdirSync(settings)
  chmodSync(settings, 0o777)
  const theirs = join(root, 'theirs')
  mkdirSync(theirs)
  chmodSync(theirs, 0o777)
  const records = join(root, 'labels.csv')
  writeFileSync(records, 'name,color\njf-1,red\njf-2,red\n')
  return {settings, theirs, records}
}

describe.skipIf(!isRoot)('the journal folder', () => {
  it("is refused when another user's symlink stands in its place: nothing written there, nothing sent", async () => {
    const {settings, theirs, records} = sharedSettings()
    lchownSync(theirs, OTHER_UID, OTHER_UID)
    symlinkSync(theirs, join(settings, 'journals'))
    lchownSync(join(settings, 'journals'), OTHER_UID, OTHER_UID)
    const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', records, '-p', 'acme/website'], {env: {FORGECTL_CONFIG_DIR: settings}})
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr).toMatch(/^Error: refusing to use the journal folder .*journals: it belongs to uid 4242/)
    expect(readdirSync(theirs)).toEqual([])
    expect(requests).toBe(0)
  })

  it.each(['a file', 'a symlink that leads nowhere'])('is refused when %s stands in its place', async what => {
    const {settings, records} = sharedSettings()
    const journals = join(settings, 'journals')
    if (what === 'a file') writeFileSync(journals, '')
    else symlinkSync(join(settings, 'nowhere'), journals)
    const {result, requests} = await sb.runCounted(['labels', 'create', '--from-file', records, '-p', 'acme/website'], {env: {FORGECTL_CONFIG_DIR: settings}})
    expect(result.stderr).toBe(`Error: refusing to use the journal folder ${journals}: it is not a folder\n`)
    expect(result.code).toBe(2)
    expect(requests).toBe(0)
  })

  it('is made private in a shared settings folder, and used', async () => {
    const {settings, records} = sharedSettings()
    const result = await sb.run(['labels', 'create', '--from-file', records, '-p', 'acme/website', '--json'], {env: {FORGECTL_CONFIG_DIR: settings}})
    expect(result.code, result.stderr).toBe(0)
    expect(statSync(join(settings, 'journals')).mode & 0o777).toBe(0o700)
  })
})

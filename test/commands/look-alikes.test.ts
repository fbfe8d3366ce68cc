// Records whose names differ only by an invisible character, or by one written as its escape, read as
// different lines in a plan (issue 35, item 5): before, nine `- labels bug` lines and a reviewer could not
// tell which label goes. The platform takes such names: a label's title must only hold no comma and
// is stripped of ASCII whitespace at its ends (gitlabhq app/models/label.rb, the title's format
// validation and strip_whitespace_from_title_and_color), so format characters stay in it.
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()

const LOOK_ALIKES = ['bug\u200b', 'bug\u200f', 'bug\u2060', 'bug\ufeff', 'bug\u00ad', 'bug\u2028', 'bug\u061c', 'bug\u{e0041}', 'bug\u202e', 'bug\\u200b']

describe('look-alike records in a plan', () => {
  it('each deletion reads as a line of its own, none of them raw', async () => {
    for (const name of ['bug', ...LOOK_ALIKES]) {
      const created = await sb.api('POST', '/projects/21/labels', {as: 'admin', body: {name, color: '#ff0000'}})
      expect(created.status, name).toBe(201)
    }
    const file = join(mkdtempSync(join(tmpdir(), 'forgectl-look-')), 'state.yaml')
    writeFileSync(file, 'version: 1\nprojects:\n  acme/website:\n    labels:\n      bug: {color: "#ff0000"}\n    prune: [labels]\n')
    const result = await sb.run(['plan', '-f', file], {as: 'admin'})
    const deletions = result.stdout.split('\n').filter(line => line.startsWith('  - labels bug'))
    expect(deletions).toHaveLength(LOOK_ALIKES.length)
    expect(new Set(deletions).size).toBe(LOOK_ALIKES.length)
    expect(result.stdout).not.toMatch(/[\p{Cf}\p{Zl}\p{Zp}\p{Co}\u{E0000}-\u{E007F}]/u)
    // the name typed with a backslash and the one holding U+200B, told apart
    expect(deletions).toContain('  - labels bug\\\\u200b')
    expect(deletions).toContain('  - labels bug\\u200b')
  })
  it('apply reports each one on a line of its own too, through the plan lines own rule (escape.ts toldApart)', async () => {
    // the project has its own `bug` (the sandbox's seed)
    for (const name of LOOK_ALIKES) {
      const created = await sb.api('POST', '/projects/20/labels', {as: 'admin', body: {name, color: '#ff0000'}})
      expect(created.status, name).toBe(201)
    }
    const file = join(mkdtempSync(join(tmpdir(), 'forgectl-look-')), 'state.yaml')
    writeFileSync(file, 'version: 1\nprojects:\n  acme/platform/api:\n    labels:\n      bug: {color: "#ff0000"}\n    prune: [labels]\n')
    const result = await sb.run(['apply', '-f', file, '--yes', '--max-deletes', '50'], {as: 'admin'})
    expect(result.code, result.stderr).toBe(0)
    const done = result.stdout.split('\n').filter(line => /^done\s+- project acme\/platform\/api labels bug/.test(line))
    expect(done).toHaveLength(LOOK_ALIKES.length)
    expect(new Set(done).size).toBe(LOOK_ALIKES.length)
    expect(result.stdout).not.toMatch(/[\p{Cf}\p{Zl}\p{Zp}\p{Co}\u{E0000}-\u{E007F}]/u)
  })

  it('a label named with look-alike letters of another script reads as no Latin name: its deletion beside the creation of the real one', async () => {
    // Armenian ս (U+057D) and Cyrillic о (U+043E) for u and o
    for (const name of ['bսg', 'tоdo']) expect((await sb.api('POST', '/projects/21/labels', {as: 'admin', body: {name, color: '#ff0000'}})).status).toBe(201)
    const file = join(mkdtempSync(join(tmpdir(), 'forgectl-look-')), 'state.yaml')
    writeFileSync(file, 'version: 1\nprojects:\n  acme/website:\n    labels:\n      todo: {color: "#ff0000"}\n    prune: [labels]\n')
    const result = await sb.run(['plan', '-f', file], {as: 'admin'})
    expect(result.stdout).toContain('  - labels b\\u057dg')
    expect(result.stdout).toContain('  - labels t\\u043edo')
    expect(result.stdout).toMatch(/^ {2}\+ labels todo/m)
    expect(result.stdout).not.toMatch(/[\u0400-\u04ff\u0530-\u058f]/u)
  })
})

// Which commands a mistyped one names: only near misses, never a far one, and more words win.

import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {closestCommands, closestFlags, editDistance} from '../../src/core/input/suggest.js'

const NAMES = [
  'api',
  'auth',
  'auth login',
  'auth status',
  'config',
  'config get',
  'config set',
  'hooks',
  'hooks delete',
  'hooks list',
  'hooks url-variables',
  'hooks url-variables set',
  'hooks url-variables delete',
  'labels',
  'labels list',
  'labels get',
  'labels delete',
  'tokens',
  'tokens create',
  'service-accounts tokens',
  'service-accounts tokens list',
]

describe('editDistance', () => {
  it.each([
    ['labels', 'labels', 0],
    ['lables', 'labels', 1], // two neighbours swapped: one edit
    ['labls', 'labels', 1],
    ['labelss', 'labels', 1],
    ['lbales', 'labels', 2],
    ['hooks', 'tokens', 4],
    ['delete', 'create', 4],
    ['', 'api', 3],
  ])('%s → %s: %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance)
    expect(editDistance(b, a)).toBe(distance)
  })
})

describe('closestCommands', () => {
  it.each<[string, string[]]>([
    ['lables list', ['labels list']],
    ['lables list 3', ['labels list']], // the words after the command are its arguments
    ['labels lst', ['labels list']],
    ['labls', ['labels']], // a topic is a suggestion too: it shows its commands
    ['config gt', ['config get']], // `config set` is two edits away: only the nearest are named
    ['config xet', ['config get', 'config set']], // ties all go
    ['hooks url-variables sett 1', ['hooks url-variables set']],
    ['service-accounts token list', ['service-accounts tokens list']],
    ['auht login', ['auth login']],
    // another name of a topic (issue 36): its singular, or a two-word topic's last word
    ['label list', ['labels list']],
  ])('%s → %j', (typed, expected) => {
    expect(closestCommands(typed.split(' '), NAMES)).toEqual(expected)
  })

  it.each([
    ['tokens delete 1012'], // issue 12: `hooks delete` was offered, and Enter deleted a hook
    ['hooks 5'], // a topic typed right is no typo
    ['ap'], // one edit is a third of `api`: too far for so short a name
    ['lbl'],
    ['deploy'],
    ['labels'],
  ])('%s → nothing', typed => {
    expect(closestCommands(typed.split(' '), NAMES)).toEqual([])
  })
})

describe('closestFlags', () => {
  const FLAGS = ['new-name', 'color', 'description', 'priority', 'project', 'group', 'per-page', 'page', 'columns', 'output', 'all']
  it.each([
    ['colums', ['columns']],
    ['per_page', ['per-page']],
    ['perpage', ['per-page']],
    ['projet', ['project']],
    ['name', ['new-name']], // issue 25: a word of the real name
    ['desc', ['description']], // the start of it
    ['pag', ['page']], // a near miss wins over the flags it is the start of (per-page)
    ['proj', ['project']],
  ])('%s → %j', (typed, expected) => {
    expect(closestFlags(typed, FLAGS)).toEqual(expected)
  })

  it.each([['al'], ['x'], ['zzzz'], ['na']])('%s → nothing', typed => {
    expect(closestFlags(typed, FLAGS)).toEqual([])
  })
})

describe('every topic by its other names (issue 36: `variable list`, a glab habit, got no suggestion)', () => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../oclif.manifest.json'), 'utf8')) as {commands: Record<string, {hidden?: boolean}>}
  const names = Object.entries(manifest.commands)
    .filter(([, command]) => !command.hidden)
    .map(([id]) => id.replaceAll(':', ' '))
  const topics = [...new Set(names.filter(name => name.includes(' ')).map(name => name.split(' ')[0]!))]
  it.each(topics.map(topic => [topic]))("%s: its singular, and a two-word topic's last word, lead to it", topic => {
    const others = [topic.replace(/s$/, ''), ...(topic.includes('-') ? [topic.slice(topic.lastIndexOf('-') + 1)] : [])].filter(word => word !== topic)
    // a last word two topics share (`export`) is left out: it names neither
    const shared = (word: string) => topics.filter(t => t.endsWith(`-${word}`) || t.endsWith(`-${word}s`)).length > 1
    for (const word of others.filter(w => !shared(w) && !topics.includes(w) && !topics.some(t => t !== topic && t.replace(/s$/, '') === w))) {
      const [suggested] = closestCommands([word, 'list'], names)
      expect(suggested === topic || suggested?.startsWith(`${topic} `), `${word} list → ${suggested}`).toBe(true)
    }
  })
})

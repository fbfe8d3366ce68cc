// A topic is one name (issue 38): the folder of its commands (src/commands/<topic>/) names it, and every
// other place that lists topics is checked against those folders here: package.json's oclif.topics (the
// root help's topic lines), the root help's areas (src/help/root-help.ts AREAS), its API file
// (src/api/<topic>.ts), what its commands share (src/topics/<topic>.ts) and its test file
// (test/commands/<topic>.test.ts). Adding a topic: docs/ARCHITECTURE.md, "Add a topic".
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {AREAS} from '../../src/help/root-help.js'

const root = join(import.meta.dirname, '../..')
const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {oclif: {topics: Record<string, {description: string}>}}
const manifest = JSON.parse(readFileSync(join(root, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, {hidden?: boolean}>}

/** the topics as the command files make them: every folder under src/commands with a command in it, `a:b` for a/b */
function topicsOfCommandFiles(dir = join(root, 'src/commands'), prefix = ''): string[] {
  return readdirSync(dir, {withFileTypes: true})
    .filter(entry => entry.isDirectory())
    .flatMap(entry => {
      const name = `${prefix}${entry.name}`
      return [name, ...topicsOfCommandFiles(join(dir, entry.name), `${name}:`)]
    })
}

const topics = topicsOfCommandFiles()
const rootTopics = topics.filter(topic => !topic.includes(':'))
const visible = Object.entries(manifest.commands).filter(([, command]) => !command.hidden)
const rootCommands = visible.map(([id]) => id).filter(id => !id.includes(':'))

/** topics whose commands call no API area of their own, and where their calls are */
const NO_API_FILE: Record<string, string> = {
  auth: 'GET /user, in api/user.ts (the current user, also read by other commands)',
  config: 'local: the settings file',
  'impersonation-tokens': 'api/tokens.ts: the token endpoints, personal and impersonation, are one area',
}

/** files of src/topics that are not one topic's */
const NOT_A_TOPIC: Record<string, string> = {
  state: 'plan, apply and export: the state-file commands',
  sandbox: "forgectl sandbox's launcher",
  'token-owners': "the owner of a token, read by tokens and impersonation-tokens' commands",
}

describe('a topic is one name (issue 38)', () => {
  it('finds the topics in src/commands (the walk walks something)', () => {
    expect(topics).toContain('labels')
    expect(topics).toContain('service-accounts:tokens')
  })

  it("package.json's oclif.topics names exactly the topics of src/commands", () => {
    expect(Object.keys(pjson.oclif.topics).sort()).toEqual([...topics].sort())
  })

  it('the manifest has a command under every topic and no topic beside them', () => {
    const used = new Set(
      visible.flatMap(([id]) =>
        id
          .split(':')
          .slice(0, -1)
          .map((_, at, parts) => parts.slice(0, at + 1).join(':')),
      ),
    )
    expect([...used].sort()).toEqual([...topics].sort())
  })

  it("the root help's areas name every root topic and root command once, and nothing else", () => {
    const named = AREAS.flatMap(([, names]) => names)
    expect(named.filter((name, at) => named.indexOf(name) !== at)).toEqual([])
    expect([...named].sort()).toEqual([...rootTopics, ...rootCommands].sort())
  })

  it.each(rootTopics)('%s has its API file, or says where its calls are', topic => {
    if (topic in NO_API_FILE) expect(existsSync(join(root, 'src/api', `${topic}.ts`)), `${topic} has an API file now: take it out of NO_API_FILE`).toBe(false)
    else expect(existsSync(join(root, 'src/api', `${topic}.ts`)), `src/api/${topic}.ts`).toBe(true)
  })

  it.each(rootTopics)('%s has a test file under its own name', topic => {
    expect(existsSync(join(root, 'test/commands', `${topic}.test.ts`)), `test/commands/${topic}.test.ts`).toBe(true)
  })

  it('every file of src/topics is named after a topic, or says what it is for', () => {
    const files = readdirSync(join(root, 'src/topics')).map(file => file.replace(/\.ts$/, ''))
    expect(files.filter(name => !rootTopics.includes(name) && !(name in NOT_A_TOPIC))).toEqual([])
  })
})

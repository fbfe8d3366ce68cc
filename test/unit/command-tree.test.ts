// The command tree is a contract (COMMANDS.md): every command it names exists, and every command
// teaches its use (issue: help that teaches). Read from the committed manifest and its help part
// (scripts/trim-manifest.mjs), as the help is.
import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'

interface ManifestCommand {
  id: string
  hidden?: boolean
  summary?: string
  description?: string
  examples?: string[]
  flags: Record<string, {name: string}>
  /** the global flags it takes, each written once in oclif.help.json */
  globalFlags?: string[]
}

const read = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'))
const lean = read('oclif.manifest.json') as {commands: Record<string, ManifestCommand>}
const help = read('oclif.help.json') as {commands: Record<string, Partial<ManifestCommand>>}
const manifest = {commands: Object.fromEntries(Object.entries(lean.commands).map(([id, c]) => [id, {...c, ...help.commands[id]} as ManifestCommand]))}

const TREE: Record<string, string[]> = {
  auth: ['login', 'status', 'logout', 'token'],
  config: ['list', 'get', 'set', 'unset', 'path'],
  clusters: ['list', 'get', 'add', 'update', 'delete'],
  tokens: ['create', 'list', 'get', 'rotate', 'revoke', 'audit'],
  'impersonation-tokens': ['list', 'get', 'create', 'revoke'],
  'service-accounts': ['list', 'create', 'update', 'delete'],
  'service-accounts:tokens': ['list', 'create', 'revoke', 'rotate'],
  'deploy-keys': ['list', 'get', 'add', 'update', 'delete', 'enable'],
  keys: ['get', 'lookup'],
  'ssh-certificates': ['list', 'add', 'delete'],
  'enterprise-users': ['list', 'get', 'update', 'delete', 'disable-2fa'],
  'security-settings': ['get', 'update'],
  settings: ['get', 'update'],
  'vuln-export': ['create', 'get', 'wait', 'download'],
  'package-protection': ['list', 'create', 'update', 'delete'],
  branches: ['list', 'get', 'create', 'delete', 'delete-merged', 'protect', 'unprotect'],
  'protected-tags': ['list', 'get', 'protect', 'unprotect'],
  wikis: ['list', 'get', 'create', 'update', 'delete', 'upload'],
  'ci-variables': ['list', 'get', 'create', 'update', 'delete', 'set'],
  hooks: ['list', 'get', 'create', 'update', 'delete', 'test'],
  'hooks:url-variables': ['set', 'delete'],
  webhooks: ['list', 'get', 'create', 'update', 'delete', 'test'],
  'storage-moves': ['list', 'get', 'create', 'wait', 'schedule'],
  mirrors: ['list', 'get', 'public-key', 'create', 'update', 'sync', 'delete'],
  features: ['list', 'get', 'definitions', 'set', 'delete', 'enable', 'disable'],
  'feature-user-lists': ['list', 'create', 'get', 'update', 'delete'],
  'registry-cleanup': ['get', 'create', 'update', 'delete'],
  'draft-notes': ['list', 'get', 'create', 'update', 'delete', 'publish', 'publish-all'],
  'relations-export': ['start', 'status', 'wait', 'download'],
  milestones: ['list', 'get', 'create', 'update', 'close', 'activate', 'delete', 'issues', 'merge-requests', 'burndown'],
  iterations: ['list'],
  labels: ['list', 'get', 'create', 'update', 'delete', 'subscribe', 'unsubscribe', 'promote'],
  projects: ['list', 'get'],
  groups: ['list', 'get', 'subgroups'],
  users: ['list', 'get'],
  members: ['list', 'get', 'add', 'update', 'remove'],
}

// oclif's help command, bundled into forgectl by scripts/build.mjs
const OCLIF_COMMANDS = new Set(['help'])
const ours = Object.values(manifest.commands).filter(c => !c.hidden && !OCLIF_COMMANDS.has(c.id))

describe('the command tree', () => {
  it('has every command of COMMANDS.md, plus api, completion and sandbox', () => {
    const expected = ['api', 'completion', 'sandbox', 'plan', 'apply', 'export', ...Object.entries(TREE).flatMap(([topic, verbs]) => verbs.map(v => `${topic}:${v}`))]
    const missing = expected.filter(id => !manifest.commands[id])
    expect(missing).toEqual([])
  })

  it('names every command there is: a command added without its place in COMMANDS.md fails here', () => {
    const inTree = new Set(['api', 'completion', 'sandbox', 'plan', 'apply', 'export', ...Object.entries(TREE).flatMap(([topic, verbs]) => verbs.map(v => `${topic}:${v}`))])
    expect(ours.map(c => c.id).filter(id => !inTree.has(id))).toEqual([])
  })

  it('gives every command a one-line summary, a description and at least two examples', () => {
    const lacking = ours.filter(c => !c.summary || c.summary.includes('\n') || !c.description || (c.examples?.length ?? 0) < 2).map(c => c.id)
    expect(lacking).toEqual([])
  })

  it('names the API call in the description of every command that calls one', () => {
    const local = new Set(['auth:logout', 'auth:token', 'config:list', 'config:get', 'config:set', 'config:unset', 'config:path', 'completion', 'api', 'auth:status', 'sandbox'])
    const silent = ours.filter(c => !local.has(c.id) && !/\b(GET|POST|PUT|PATCH|DELETE)\b/.test(c.description ?? '')).map(c => c.id)
    expect(silent).toEqual([])
  })

  it('offers --json, --dry-run and --verbose on every API command', () => {
    const local = new Set(['auth:logout', 'auth:token', 'config:list', 'config:get', 'config:set', 'config:unset', 'config:path', 'completion', 'sandbox'])
    const lacking = ours.filter(c => !local.has(c.id) && !['json', 'dry-run', 'verbose', 'host', 'token', 'profile'].every(f => c.flags[f] || c.globalFlags?.includes(f))).map(c => c.id)
    expect(lacking).toEqual([])
  })
})

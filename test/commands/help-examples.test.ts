// Issue 36: every example in every help text runs. `features set … --key percentage_of_actors`, the
// help's own example, was refused; nothing ran the examples. Each command's examples (oclif.help.json,
// from the commands' `static examples`) are run here against a seeded sandbox, with the names the
// examples use for "yours" replaced by the seed's (my-group/my-project → acme/website, ID 42 → 20), and
// each must parse (no exit 2) and fail only as a seed without that record fails: not found (exit 3) or
// a conflict with the seed (exit 6). The allow-list below names every other outcome and why.
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {freshConfigDir} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const help = JSON.parse(readFileSync(join(import.meta.dirname, '../../oclif.help.json'), 'utf8')) as {
  commands: Record<string, {examples?: Array<string | {command: string}>; flags?: Record<string, unknown>}>
}

/**
 * Examples not run, each with why. Keep it short: an example that fails for a reason forgectl can
 * fix is fixed, not listed.
 */
const NOT_RUN: Readonly<Record<string, string>> = {
  // a server that runs until stopped: tested as a process in sandbox-command.test.ts
  sandbox: 'runs until a signal',
  // these replace the stored login of the run's settings, or read a keyring: auth.test.ts and auth-keyring.test.ts
  'auth login': 'stores a login (keyring)',
  'auth logout': 'removes the stored login',
  'tokens rotate self': 'rotates the token every other example runs with (tokens-lifecycle.test.ts)',
  'tokens revoke self': 'revokes the token every other example runs with (tokens-lifecycle.test.ts)',
  // made by `plan --out` in plan's own example, which runs in the same line (state.test.ts)
  'apply acme.plan': 'applies the plan file made by the example before it on the same line',
  // the examples elide the key's body (`AAAAC3Nza...`): a real key is in deploy-keys and ssh-certificates tests
  'deploy-keys add --title Fleet key --key': 'the key is elided in the example',
  'ssh-certificates add -g acme --title Build CA --key': 'the key is elided in the example',
}

/** what an example names as "yours", as the seed has it */
const SEED_NAMES: Array<[RegExp, string]> = [
  [/\bmy-group\/(my|other)-project\b/g, 'acme/website'],
  [/\bgroup\/app-\d\b/g, 'acme/website'],
  [/\bmy-group\b/g, 'acme'],
  [/(-p|--project) 42\b/g, '$1 20'],
  [/(-g|--group) (42|10)\b/g, '$1 acme'],
  [/(-u|--user) 42\b/g, '$1 5'],
  // a feature flag the seed defines (an undefined one is refused without --force, as the platform does)
  [/\bnew_navigation\b/g, 'new_merge_request_dashboard'],
  // a commit the seed's repository holds
  [/--ref 3f1c9e2a\b/g, '--ref main'],
  // an expiry that stays in the future, whenever the test runs
  [/--expires-at \d{4}-\d{2}-\d{2}\b/g, `--expires-at ${new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10)}`],
]

/** the words of the forgectl command in an example line: after `|` or inside `$(…)`, up to a comment, pipe, redirect or `&&` */
function exampleWords(line: string): string[] | undefined {
  let text = line.replaceAll('<%= config.bin %>', 'forgectl')
  for (const [pattern, seed] of SEED_NAMES) text = text.replace(pattern, seed)
  // `$(forgectl …)`, `<(forgectl …)`: the command inside
  const inner = /[$<]\((forgectl [^)]*)\)/.exec(text)
  if (inner) text = inner[1]!
  const start = text.indexOf('forgectl ')
  if (start < 0) return undefined
  const words: string[] = []
  let word: string | undefined
  let quote: string | undefined
  for (let i = start + 'forgectl '.length; i < text.length; i++) {
    const c = text[i]!
    if (quote) {
      if (c === quote) quote = undefined
      else word = (word ?? '') + c
      continue
    }
    if (c === '"' || c === "'") {
      quote = c
      word ??= ''
      continue
    }
    if (c === ' ') {
      if (word !== undefined) words.push(word)
      word = undefined
      continue
    }
    // the end of the command: a comment, a pipe, a redirect, `&&`, `;`, the `)` of `$(…)`
    if ('#|<>&;)'.includes(c) && word === undefined) break
    word = (word ?? '') + c
  }
  if (word !== undefined) words.push(word)
  return words.map(w => w.replace(/\$\{?TOKEN\}?/g, TOKENS.admin).replace(/\$\{?[A-Z_]+\}?/g, 'x'))
}

const examples = Object.entries(help.commands).flatMap(([id, command]) =>
  (command.examples ?? []).map(example => [id.replaceAll(':', ' '), typeof example === 'string' ? example : example.command] as const),
)

/** a folder with the files the examples name (a state file, a public key, a PDF …) */
function exampleFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'forgectl-examples-'))
  writeFileSync(join(dir, 'acme.yaml'), 'version: 1\nprojects:\n  acme/website:\n    labels:\n      example: {color: red}\n')
  writeFileSync(join(dir, 'backup.pub'), 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl backup\n')
  writeFileSync(join(dir, 'password.txt'), 'not-a-real-password\n')
  writeFileSync(join(dir, 'manual.pdf'), '%PDF-1.4\n')
  const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl example\n'
  for (const file of ['ca.pub', '.ssh/ci.pub', '.ssh/id_ed25519.pub']) {
    mkdirSync(join(dir, file, '..'), {recursive: true})
    writeFileSync(join(dir, file), key)
  }
  for (const file of ['release.md', 'home.md', 'notes.md', 'backlog.md', 'review.md']) writeFileSync(join(dir, file), '# Notes\n\nWritten by the example.\n')
  writeFileSync(join(dir, 'diagram.png'), Buffer.from('89504e470d0a1a0a', 'hex'))
  writeFileSync(join(dir, 'labels.csv'), 'name,color\nexample-a,red\nexample-b,#00ff00\n')
  writeFileSync(join(dir, 'rules.csv'), 'package_name_pattern,package_type,minimum_access_level_for_push\n@example/*,npm,maintainer\n')
  writeFileSync(join(dir, 'variables.yaml'), '- key: EXAMPLE_ONE\n  value: one\n')
  writeFileSync(join(dir, 'group-variables.csv'), 'key,value\nEXAMPLE_TWO,two\n')
  writeFileSync(join(dir, 'charts.json'), '{}\n')
  writeFileSync(join(dir, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n')
  mkdirSync(join(dir, '.kube'))
  writeFileSync(join(dir, '.kube', 'config'), 'apiVersion: v1\n')
  return dir
}

describe('every example of every help text runs against the sandbox', () => {
  it('finds the examples (the walk walks something)', () => {
    expect(examples.length).toBeGreaterThan(300)
    expect(exampleWords('<%= config.bin %> labels list -p my-group/my-project   # yours')).toEqual(['labels', 'list', '-p', 'acme/website'])
    expect(exampleWords('echo "$TOKEN" | <%= config.bin %> auth login --token-stdin')).toEqual(['auth', 'login', '--token-stdin'])
  })

  const dir = exampleFolder()
  // the PDF export's example needs its feature flag, off by default on the platform as in the seed (a POST that sets a flag answers 201, as test/commands/features.test.ts and test/contract/features.test.ts hold)
  beforeAll(async () => {
    expect((await sb.api('POST', '/features/vulnerabilities_pdf_export', {as: 'admin', body: {value: true}})).status).toBe(201)
  })
  it.each(examples.map(([id, example]) => [`${id}: ${example.replaceAll('<%= config.bin %>', 'forgectl')}`, id, example] as const))('%s', async (_name, id, example) => {
    const words = exampleWords(example)
    if (words === undefined) return
    const skipped = Object.keys(NOT_RUN).find(prefix => words.join(' ').startsWith(prefix) || id === prefix)
    if (skipped) return
    // a person at a terminal answers the confirmation; here --yes says so
    const asks = help.commands[id.replaceAll(' ', ':')]?.flags?.yes !== undefined && !words.includes('--yes') && !words.includes('-y')
    const stdin = /\| *<%=|< *\S/.test(example) ? 'piped-input-value' : undefined
    const args = (asks ? [...words, '--yes'] : words).map(word => word.replace(/^~\//, `${dir}/`))
    const result = await sb.run(args, {as: 'admin', cwd: dir, env: {HOME: dir, FORGECTL_CONFIG_DIR: freshConfigDir()}, stdin})
    expect(result.code, `${words.join(' ')}\n${result.stderr}`).not.toBe(2)
    expect([0, 3, 6, 10], `${words.join(' ')}\n${result.stderr}`).toContain(result.code)
    // exit 6 only for a record the seed (or an example before) already holds, never for a refused input
    if (result.code === 6) expect(result.stderr, words.join(' ')).toMatch(/already|409 Conflict|read-only/)
  })
})

// The examples of every help text (oclif.help.json), as runnable argument lists against the seeded
// sandbox: run by help-examples.test.ts (each example runs) and output-flags-walk.test.ts (each output
// flag is honoured or refused). "Yours" in an example becomes the seed's (my-group/my-project → acme/website).
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {TOKENS} from '../../src/sandbox/seed.js'

export const help = JSON.parse(readFileSync(join(import.meta.dirname, '../../oclif.help.json'), 'utf8')) as {
  commands: Record<string, {examples?: Array<string | {command: string}>; flags?: Record<string, unknown>}>
}

/**
 * Examples not run, each with why. Keep it short: an example that fails for a reason forgectl can
 * fix is fixed, not listed.
 */
export const NOT_RUN: Readonly<Record<string, string>> = {
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
export function exampleWords(line: string): string[] | undefined {
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

export const examples = Object.entries(help.commands).flatMap(([id, command]) =>
  (command.examples ?? []).map(example => [id.replaceAll(':', ' '), typeof example === 'string' ? example : example.command] as const),
)

/** a folder with the files the examples name (a state file, a public key, a PDF …) */
export function exampleFolder(): string {
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

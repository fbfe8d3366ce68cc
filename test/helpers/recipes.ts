// The README's "Recipes for CI", taken from README.md exactly as printed and run with bash, as a CI job
// would run them: `forgectl` on PATH (a shim running this checkout's bin/run.js), a settings folder of
// their own, and only the environment the test gives.
import {spawn} from 'node:child_process'
import {chmodSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {delimiter, join, resolve} from 'node:path'
import {BIN, cleanEnv} from './cli.js'

const README = resolve(import.meta.dirname, '../../README.md')

/**
 * The script under `<!-- recipe: NAME -->`: the `sh` fence that follows the marker. A marker without
 * its fence, or twice in the README, fails the test rather than running something else.
 */
export function readRecipe(name: string): string {
  const text = readFileSync(README, 'utf8')
  const marker = `<!-- recipe: ${name} -->\n`
  const at = text.indexOf(marker)
  if (at < 0 || text.indexOf(marker, at + 1) >= 0) throw new Error(`README.md has no single "${marker.trim()}"`)
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(text.slice(at + marker.length))
  if (block?.index !== 0) throw new Error(`"${marker.trim()}" is not followed by a \`\`\`sh block`)
  return block[1]!
}

/** a folder holding `forgectl`, which runs this checkout's CLI: what `npm install -g` would put on PATH */
function shimFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'forgectl-shim-'))
  const shim = join(dir, 'forgectl')
  writeFileSync(shim, `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`)
  chmodSync(shim, 0o755)
  return dir
}

let shims: string | undefined

export interface RecipeResult {
  code: number
  stdout: string
  stderr: string
}

export interface RecipeRun {
  /** FORGECTL_HOST, FORGECTL_TOKEN, FORGECTL_CONFIG_DIR and whatever else the recipe reads */
  env: Record<string, string>
  /** the job's working folder (default: a fresh one) */
  cwd?: string
}

/** writes the recipe to a file in a fresh folder and runs it with bash there */
export function runRecipe(name: string, {env, cwd = mkdtempSync(join(tmpdir(), 'forgectl-recipe-'))}: RecipeRun): Promise<RecipeResult> {
  const script = join(mkdtempSync(join(tmpdir(), 'forgectl-recipe-script-')), `${name}.sh`)
  writeFileSync(script, readRecipe(name))
  shims ??= shimFolder()
  const base = cleanEnv()
  const fullEnv = {...base, FORGECTL_RETRY_BASE_MS: '20', ...env, PATH: `${shims}${delimiter}${base.PATH ?? ''}`}
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', [script], {env: fullEnv, cwd, stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', code => resolvePromise({code: code ?? -1, stdout, stderr}))
  })
}

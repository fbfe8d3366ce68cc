// Writes dist/runtime.cjs.cache (see bin/run.js) at the end of the build from two runs: a help run,
// which compiles what every invocation goes through (configuration, manifest, flag definitions, help),
// then an API command as a --dry-run (flag parsing, connection, request building), whose run adds to
// the cache the first one wrote. The rest of a command compiles on first use in each run.
import {execFileSync} from 'node:child_process'
import {existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

const bin = new URL('../bin/run.js', import.meta.url).pathname
const cache = new URL('../dist/runtime.cjs.cache', import.meta.url)
// nothing of the developer's own configuration, and a server that is never asked
const configDir = mkdtempSync(join(tmpdir(), 'forgectl-warm-'))
const env = {PATH: process.env.PATH, FORGECTL_CONFIG_DIR: configDir, FORGECTL_HOST: 'http://127.0.0.1:9', FORGECTL_TOKEN: 'warm-up'}
try {
  execFileSync(process.execPath, [bin, 'labels', 'list', '--help'], {env, stdio: 'ignore'})
  if (!existsSync(cache)) throw new Error('the help run wrote no dist/runtime.cjs.cache')
  execFileSync(process.execPath, [bin, 'labels', 'get', 'bug', '-p', 'group/project', '--dry-run'], {env: {...env, FORGECTL_CODE_CACHE: 'refresh'}, stdio: 'ignore'})
} finally {
  rmSync(configDir, {recursive: true, force: true})
}

// Writes dist/runtime.cjs.cache (see bin/run.js) at the end of the build, from one help run: it compiles
// what every invocation goes through (configuration, manifest, flag definitions, help). What a single
// command needs beyond that compiles on first use in each run, as without a cache.
import {execFileSync} from 'node:child_process'
import {existsSync} from 'node:fs'

const bin = new URL('../bin/run.js', import.meta.url).pathname
execFileSync(process.execPath, [bin, 'labels', 'list', '--help'], {stdio: 'ignore'})
if (!existsSync(new URL('../dist/runtime.cjs.cache', import.meta.url))) throw new Error('the help run wrote no dist/runtime.cjs.cache')

#!/usr/bin/env node
// forgectl from the sources, for developing it: `bin/dev.js labels list -p 20` builds first when dist/
// is older than src/ (or the patches and build scripts), then runs as bin/run.js does. The build is the
// whole `npm run build` (about 1.5 s: bundle, sandbox, manifest, help texts, code cache), so that a new
// command or flag is there too; its output goes to stderr, keeping stdout for the command's data.
// Set FORGECTL_DEBUG to have stack traces name src/ files (bin/run.js). Not shipped (package.json's files).
'use strict'
const {spawnSync} = require('node:child_process')
const {dirname} = require('node:path')

const root = dirname(__dirname)

async function main() {
  const {staleDist} = await import('../scripts/dist-freshness.mjs')
  const stale = staleDist(root)
  if (stale !== undefined) {
    process.stderr.write(`forgectl dev: ${stale}: npm run build\n`)
    const built = spawnSync('npm', ['run', '--silent', 'build'], {cwd: root, stdio: ['ignore', 2, 2]})
    if (built.status !== 0) {
      process.stderr.write('forgectl dev: the build failed (above)\n')
      process.exit(built.status ?? 1)
    }
  }
  require('./run.js')
}

main().catch(error => {
  process.stderr.write(`forgectl dev: ${error.stack}\n`)
  process.exitCode = 1
})

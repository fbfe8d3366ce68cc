// Builds dist/ with esbuild: one entry per command (oclif finds them through the manifest and loads
// only the one it runs) plus shared chunks holding @oclif/core and src/core. Loading one bundled
// graph instead of ~700 files of @oclif/core halves start-up; see the README's benchmark figures.
// Heavy libraries used only by some commands stay external and are imported lazily where needed.
import {build} from 'esbuild'
import {readdirSync, rmSync} from 'node:fs'
import {join, relative} from 'node:path'

const root = new URL('..', import.meta.url).pathname
const walk = dir => readdirSync(dir, {withFileTypes: true}).flatMap(e => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
const commands = walk(join(root, 'src/commands')).filter(f => f.endsWith('.ts') && !f.endsWith('.d.ts'))

for (const dir of ['dist', 'dist-sandbox']) rmSync(join(root, dir), {recursive: true, force: true})
await build({
  absWorkingDir: root,
  entryPoints: ['src/index.ts', 'src/help.ts', ...commands.map(f => relative(root, f))],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  // Node 20 has fetch: ofetch's neutral build skips the node-fetch-native polyfill (~30 ms to load).
  alias: {ofetch: './node_modules/ofetch/dist/index.mjs'},
  external: ['conf', '@inquirer/prompts', 'ora', 'undici', 'yaml', 'cli-table3', '@oclif/plugin-*'],
  // @oclif/core is CommonJS: its require() calls need a real require inside an ES module.
  banner: {js: "import {createRequire as __forgectlRequire} from 'node:module'; const require = __forgectlRequire(import.meta.url);"},
  logLevel: 'warning',
})

#!/usr/bin/env node
// Loads dist/runtime.cjs (oclif, forgectl's core and its commands in one file) with V8's code cache,
// which skips compiling what an earlier run compiled: about 20 ms of each start-up on this project's CI
// machine. Node 20 has no module compile cache (Node 22's module.enableCompileCache), and only a classic
// script, not an ES module, takes cached data. The cache is written beside the bundle at the end of a
// run that found it missing, refused by V8 (another Node) or older than the bundle; where the folder is
// read-only, forgectl runs uncached and writes nothing. All the bundle gets from this launcher is the
// `launcher` passed to execute() at the end (src/core/base/launcher.ts). A run with FORGECTL_DEBUG
// set requires the bundle instead, so that its stack traces name src/ files (loadMapped).
// This file is CommonJS (bin/package.json): Node's ES module loader costs about 12 ms of each start-up.
'use strict'
const {readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync} = require('node:fs')
const Module = require('node:module')
const {dirname, join} = require('node:path')
const vm = require('node:vm')

const file = join(__dirname, '../dist/runtime.cjs')
const cacheFile = `${file}.cache`

/** when the bundle was built, in whole milliseconds (file systems keep different precisions) */
const builtAt = Math.trunc(statSync(file).mtimeMs)

function readCache() {
  try {
    // V8 matches cached data to its source by length only: a cache older than the bundle is not used.
    if (Math.trunc(statSync(cacheFile).mtimeMs) < builtAt) return undefined
    return readFileSync(cacheFile)
  } catch {
    return undefined
  }
}

function writeCache(script) {
  const partial = `${cacheFile}.${process.pid}`
  try {
    writeFileSync(partial, script.createCachedData())
    // never older than the bundle, even when the bundle's time is ahead of this machine's clock
    const stamp = Math.max(Date.now(), builtAt) / 1000
    utimesSync(partial, stamp, stamp)
    renameSync(partial, cacheFile)
  } catch {
    // a read-only install runs without the cache
    rmSync(partial, {force: true})
  }
}

/** writes the code cache if this run's is missing, refused or older than the bundle (loadCached) */
let saveCache = () => {}

/** the bundle's exports, compiled with V8's code cache */
function loadCached() {
  const cachedData = readCache()
  // The file is its own CommonJS wrapper (scripts/build.mjs): as a classic script, its value is the module
  // function. latin1: the build keeps the bundle ASCII, and a one-byte string is a copy where utf8 is a decode.
  const script = new vm.Script(readFileSync(file, 'latin1'), {filename: file, cachedData})
  // FORGECTL_CODE_CACHE=refresh writes it even when it was used: the build adds a command run to a help run's.
  let cacheWanted = cachedData === undefined || script.cachedDataRejected || process.env.FORGECTL_CODE_CACHE === 'refresh'
  saveCache = () => {
    if (!cacheWanted) return
    cacheWanted = false
    writeCache(script)
  }
  process.once('exit', saveCache)

  const runtime = new Module(file)
  runtime.filename = file
  const runtimeRequire = Module.createRequire(file)
  script.runInThisContext()(runtime.exports, runtimeRequire, runtime, file, dirname(file))
  runtime.loaded = true
  // oclif requires the bundle again to find commands and help: it gets this instance.
  runtimeRequire.cache[file] = runtime
  return runtime.exports
}

/**
 * The bundle's exports as Node's require() gives them, with source maps on: FORGECTL_DEBUG prints the
 * stack of an unexpected error (src/core/command/base-command.ts), and Node maps its lines to src/
 * through dist/runtime.cjs.map only in code it compiled itself, not in a vm.Script. Such a run goes
 * without the code cache; every other run pays nothing for the maps.
 */
function loadMapped() {
  process.setSourceMapsEnabled(true)
  return require(file)
}

const runtime = process.env.FORGECTL_DEBUG ? loadMapped() : loadCached()

/** what import() of a Node built-in resolves to: its exports as named exports, and as the default */
function builtinNamespace(specifier) {
  const exports = require(specifier)
  return {...exports, default: exports}
}

/** What this launcher provides to the bundle, and nothing else does: see src/core/base/launcher.ts. */
const launcher = {
  // On Node 20 an import() inside a vm.Script has no loader, with or without cached data: the bundle
  // imports the packages it loads on demand through this module's import(). A Node built-in (node:http
  // for every request) is required: import() would load Node's ES module loader for it, 3 ms of a
  // one-request command; its namespace is what import() gives, its exports and a default.
  importModule: specifier => (specifier.startsWith('node:') ? Promise.resolve(builtinNamespace(specifier)) : import(specifier)),
  // Called before the first request through undici (a proxied one: direct requests go over node:http,
  // whose parser is native). undici parses HTTP with llhttp, compiled to WebAssembly. V8 compiles it
  // once with its baseline compiler and once more, on a background thread, with its optimizing
  // compiler, and a process cannot exit before that thread is done. The baseline code parses fast
  // enough for an API client, so a run that sends such a request keeps it: --liftoff-only. A V8 flag
  // is process-wide, and set here, not at start-up, because a changed flag also makes V8 refuse the
  // cached code of Node's own built-in modules, which every run would then compile anew. V8 stamps a
  // code cache with its flags too, and the next run starts without this one: a pending cache is written
  // now, before the change.
  beforeUndiciRequest() {
    saveCache()
    require('node:v8').setFlagsFromString('--liftoff-only')
  },
}

// oclif is given the package root: from bin/ it would find bin/package.json. The run reports its own
// errors; one that ended by an exit (`sandbox` stopped: 0) or a failure resolves to its exit code, with
// its output flushed, and ends the process here; one that returned ends as Node does, when nothing is
// left to do.
runtime.execute({dir: dirname(__dirname), launcher}).then(code => {
  if (code !== undefined) process.exit(code)
})

// `npm run demo`: start the sandbox on loopback and run a short, real tour of forgectl against it.
import {spawn} from 'node:child_process'
import {generateKeyPairSync} from 'node:crypto'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {startSandbox} from '../dist/sandbox/server.js'

const bin = resolve(import.meta.dirname, '../bin/run.js')
const sandbox = await startSandbox({jobDelayMs: 500})
// Settings of its own (a throwaway folder) and the token in that folder's 0600 file: the tour needs no
// system keyring (a headless machine has none) and leaves no entry in one where there is.
const env = {...process.env, FORGECTL_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'forgectl-demo-')), FORGECTL_TOKEN_STORE: 'file', FORCE_COLOR: '0'}
for (const key of ['FORGECTL_HOST', 'FORGECTL_TOKEN', 'FORGECTL_PROFILE']) delete env[key]

// a throwaway public key (an OpenSSH ed25519 line) for the deploy-key step
const keyFile = join(env.FORGECTL_CONFIG_DIR, 'demo.pub')
const rawKey = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({format: 'jwk'}).x, 'base64url')
const field = bytes => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes])
writeFileSync(keyFile, `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(rawKey)]).toString('base64')} demo\n`)
const nextYear = () => new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10)

let failures = 0
// The sandbox runs in this process, so the CLI must run asynchronously beside it.
function run(args, input) {
  return new Promise(done => {
    const child = spawn(process.execPath, [bin, ...args], {env})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', d => (stdout += d))
    child.stderr.on('data', d => (stderr += d))
    child.on('close', status => done({status, stdout, stderr}))
    child.stdin.end(input ?? '')
  })
}

async function step(title, args, input) {
  console.log(`${title ? `\n# ${title}` : ''}\n$ forgectl ${args.map(a => (/[\s#"]/.test(a) ? JSON.stringify(a) : a)).join(' ')}`)
  const result = await run(args, input)
  process.stdout.write(result.stdout)
  process.stdout.write(result.stderr.replace(/^/gm, '  (stderr) ').replace(/ {2}\(stderr\) $/, ''))
  if (result.status !== 0) {
    console.log(`  → exit ${result.status}`)
    if (!/refused/.test(title + result.stderr)) failures++
  }
}

console.log(`sandbox on ${sandbox.url} (tokens: ${Object.values(sandbox.tokens).join(', ')})`)
try {
  await step(
    "log in as the sandbox administrator (token from stdin, checked with GET /user; kept in the demo's own settings file)",
    ['auth', 'login', '--host', sandbox.url, '--token-stdin'],
    sandbox.tokens.admin,
  )
  await step('where am I connected, and does the server accept the token?', ['auth', 'status', '-o', 'yaml'])
  await step('labels of a project addressed by its full path', ['labels', 'list', '-p', 'acme/platform/api', '-o', 'table'])
  await step('create a label (colour as a CSS name)', [
    'labels',
    'create',
    'needs-review',
    '--color',
    'orange',
    '--description',
    'Waiting for a reviewer',
    '-p',
    'acme/platform/api',
    '-o',
    'table',
    '--columns',
    'id,name,color,description',
  ])
  await step('scripts can run it again', ['labels', 'create', 'needs-review', '--color', 'orange', '-p', 'acme/platform/api', '--if-not-exists', '-q'])
  await step('subscribe, twice: the second answer is 304 Not Modified', ['labels', 'subscribe', 'needs-review', '-p', 'acme/platform/api', '-q'])
  await step('', ['labels', 'subscribe', 'needs-review', '-p', 'acme/platform/api', '-q'])
  await step('bad input is refused before any request', ['labels', 'create', 'x', '--color', '#12345', '-p', 'acme/platform/api'])
  await step('what would be sent (the token stays hidden)', ['labels', 'delete', 'needs-review', '-p', 'acme/platform/api', '--dry-run'])
  await step('a delete without a terminal is refused without --yes', ['labels', 'delete', 'needs-review', '-p', 'acme/platform/api'])
  await step('', ['labels', 'delete', 'needs-review', '-p', 'acme/platform/api', '--yes'])
  await step('every page, as CSV', ['labels', 'list', '-g', 'acme', '--all', '-o', 'csv', '--columns', 'id,name,color'])
  await step('a token for a CI job: the value is shown once, and kept in the data', ['tokens', 'create', '-u', '3', '--name', 'ci-deploy', '--scope', 'api', '--expires-at', nextYear(), '-o', 'yaml'])
  await step('one deploy key into several projects, one request each, every result reported', [
    'deploy-keys',
    'add',
    '--title',
    'ci',
    '--key-file',
    keyFile,
    '-p',
    'acme/platform/api,acme/website,opensource/tool',
    '-o',
    'table',
    '--columns',
    'item,status',
  ])
  await step('a vulnerability report: export, wait, stream the CSV (here to stdout)', ['vuln-export', 'create', '-p', 'acme/platform/api', '--interval', '1', '--download', '-'])
  await step('any endpoint through the escape hatch', ['api', 'GET', '/user', '--columns', 'id,username,is_admin', '-o', 'table'])
} finally {
  await sandbox.close()
  rmSync(env.FORGECTL_CONFIG_DIR, {recursive: true, force: true})
}
console.log(failures === 0 ? '\nTour complete.' : `\n${failures} step(s) failed.`)
process.exitCode = failures === 0 ? 0 : 1

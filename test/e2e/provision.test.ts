// scripts/provision.sh, which `npm test` (pretest) and .ci/run call: on a fresh Debian machine it installs
// what the tests need and only that; where it cannot, one line says so. This machine has the tools, so
// the fresh machine is a PATH of the script's own: the system's basic commands, no tmux, no dbus-launch,
// no gnome-keyring-daemon, and an apt-get that records what it was asked (and, told to, "installs" by
// putting the commands in place, or fails as apt does).
import {execFile} from 'node:child_process'
import {chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, resolve} from 'node:path'
import {afterEach, describe, expect, it} from 'vitest'

const script = resolve(import.meta.dirname, '../../scripts/provision.sh')
/** what the script runs besides the tools it looks for */
const BASICS = ['bash', 'env', 'id', 'tr', 'mktemp', 'rm', 'grep', 'tail', 'cut', 'timeout', 'sleep']
/** python-gitlab is checked with /usr/bin/python3 itself, not through PATH: listed only where it is missing here too */
const pythonGitlab = () => new Promise<boolean>(done => execFile('/usr/bin/python3', ['-c', 'import importlib.util as u, sys; sys.exit(u.find_spec("gitlab") is None)'], error => done(error === null)))

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true})
})

/** a bin folder with the basics and, unless `apt` is undefined, an apt-get behaving as told */
function freshMachine(apt?: 'installs' | 'fails' | 'hangs' | 'offline'): {bin: string; asked: () => string[]} {
  const bin = mkdtempSync(join(tmpdir(), 'forgectl-provision-'))
  dirs.push(bin)
  for (const tool of BASICS) {
    const found = ['/usr/bin', '/bin'].map(d => join(d, tool)).find(existsSync)
    if (found) symlinkSync(found, join(bin, tool))
  }
  const log = join(bin, 'apt-get.log')
  if (apt) {
    const install =
      apt === 'fails' || apt === 'offline'
        ? 'echo "E: Unable to locate package $4" >&2; exit 100'
        : `for p in "$@"; do case "$p" in tmux) c=tmux;; gnome-keyring) c=gnome-keyring-daemon;; dbus-x11) c=dbus-launch;; *) continue;; esac; printf '#!/bin/sh\\n' > "${bin}/$c"; /bin/chmod +x "${bin}/$c"; done`
    // hangs: as apt-get does behind a held lock or on a network that drops its packets (exec: no child outlives it)
    // offline: apt-get update without a network says so and exits 0, and the install then finds nothing
    const offline = `{ { echo "Err:1 http://deb.debian.org/debian bookworm InRelease"; echo "  Temporary failure resolving 'deb.debian.org'"; echo "W: Some index files failed to download. They have been ignored, or old ones used instead."; } >&2; exit 0; }`
    const update = apt === 'hangs' ? `exec ${join(bin, 'sleep')} 600` : apt === 'offline' ? offline : 'exit 0'
    writeFileSync(join(bin, 'apt-get'), `#!${join(bin, 'bash')}\necho "$*" >> ${log}\n[ "$1" = install ] || ${update}\n${install}\n`)
    chmodSync(join(bin, 'apt-get'), 0o755)
  }
  return {bin, asked: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [])}
}

function provision(path: string, env: Record<string, string> = {}): Promise<{code: number; stderr: string}> {
  return new Promise(done => {
    execFile(join(path.split(':')[0]!, 'bash'), [script], {env: {PATH: path, ...env}}, (error, _stdout, stderr) => done({code: error ? Number(error.code) : 0, stderr}))
  })
}

/** the line after "installing …" of a run that failed: exit 1 and no more than that line */
function failureLine(code: number, stderr: string): string | undefined {
  expect(code).toBe(1)
  const lines = stderr.trim().split('\n')
  expect(lines).toHaveLength(2)
  return lines[1]
}

describe('scripts/provision.sh', () => {
  it('installs with apt-get exactly the packages whose tools are missing, naming them, then checks they answer', async () => {
    const machine = freshMachine('installs')
    const wanted = ['tmux', ...((await pythonGitlab()) ? [] : ['python3-gitlab']), 'gnome-keyring', 'dbus-x11']
    const {code, stderr} = await provision(machine.bin)
    expect(machine.asked()).toEqual(['update -qq', `install -y -qq ${wanted.join(' ')}`])
    expect(stderr).toBe(`provision: installing ${wanted.join(' ')} for the tests (apt-get)\n`)
    expect(code).toBe(0)
  })

  it('installs nothing where every tool is there', async () => {
    const machine = freshMachine('installs')
    await provision(machine.bin)
    const again = freshMachine('installs')
    // the first machine's tools, now present, then the second's apt-get
    const {code, stderr} = await provision(`${again.bin}:${machine.bin}`)
    if (!(await pythonGitlab())) return expect(again.asked()).toEqual(['update -qq', 'install -y -qq python3-gitlab'])
    expect({code, stderr, asked: again.asked()}).toEqual({code: 0, stderr: '', asked: []})
  })

  it('where apt-get fails, one line says what could not be installed and apt says why; exit 1', async () => {
    const machine = freshMachine('fails')
    const {code, stderr} = await provision(machine.bin)
    expect(failureLine(code, stderr)).toMatch(/^provision: apt-get could not install \(tmux .*dbus-x11\): E: Unable to locate package /)
  })

  it('where apt-get does not finish (a held lock, a silent network), it is stopped at the time limit and one line says so; exit 1', async () => {
    const machine = freshMachine('hangs')
    const {code, stderr} = await provision(machine.bin, {FORGECTL_PROVISION_TIMEOUT: '1'})
    expect(failureLine(code, stderr)).toMatch(
      /^provision: apt-get did not update its package lists within 1 s \(tmux .*dbus-x11\): another process may hold apt's lock, or the network does not answer; install tmux .* and run again$/,
    )
  }, 60_000)

  it('refuses a time limit that is not a number of seconds, in one line, before apt-get is asked', async () => {
    const machine = freshMachine('installs')
    const {code, stderr} = await provision(machine.bin, {FORGECTL_PROVISION_TIMEOUT: 'soon'})
    expect({code, stderr, asked: machine.asked()}).toEqual({code: 1, stderr: 'provision: FORGECTL_PROVISION_TIMEOUT "soon" is not a number of seconds (1 or more)\n', asked: []})
  })

  it('where apt-get update could not fetch (no network) and the install then fails, the one line says both', async () => {
    const machine = freshMachine('offline')
    const {code, stderr} = await provision(machine.bin)
    expect(failureLine(code, stderr)).toMatch(
      /^provision: apt-get could not install \(tmux .*dbus-x11\): E: Unable to locate package \S+; its package lists could not be fetched: Err:1 http:\/\/deb\.debian\.org\/debian bookworm InRelease Temporary failure resolving 'deb\.debian\.org'$/,
    )
  })

  it('where there is no apt-get, one line names the packages to install by hand; exit 1', async () => {
    const {code, stderr} = await provision(freshMachine().bin)
    expect(code).toBe(1)
    expect(stderr).toMatch(
      /^provision: the tests need tmux .*dbus-x11, and there is no apt-get here: install tmux .*dbus-x11 with your system's package manager \(Debian: apt-get install -y tmux .*dbus-x11\) and run again\n$/,
    )
  })

  it('where apt-get "succeeds" and a tool is still missing, it says which; exit 1', async () => {
    const machine = freshMachine('installs')
    rmSync(join(machine.bin, 'apt-get'))
    writeFileSync(join(machine.bin, 'apt-get'), `#!${join(machine.bin, 'bash')}\nexit 0\n`)
    chmodSync(join(machine.bin, 'apt-get'), 0o755)
    const {code, stderr} = await provision(machine.bin)
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')[1]).toMatch(/^provision: installed, but these still do not answer as the tests need .*: tmux .*dbus-x11$/)
  })
})

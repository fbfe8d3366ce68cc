// A real Secret Service for the keyring's tests: a D-Bus session bus of its own and gnome-keyring's
// daemon on it, unlocked, in a home folder of its own, so that no developer's keyring is touched.
// Installed by scripts/provision.sh (npm test's pretest, and .ci/run); missing here, the tests fail saying so.
import {execFileSync, spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

export interface SecretService {
  /** what a process needs to reach it */
  env: Record<string, string>
  /** locks the login keyring, as a screen lock or a timeout does: a later write asks to unlock, and nobody can answer */
  lock(): void
  stop(): void
}

/** a D-Bus session bus with nothing on it and no service to start: a keyring service does not exist here */
export function startBareBus(): {env: Record<string, string>; stop(): void} {
  const dir = mkdtempSync(join(tmpdir(), 'forgectl-bare-bus-'))
  const socket = join(dir, 'bus')
  // a session bus's configuration without <servicedir>: org.freedesktop.secrets cannot be activated
  writeFileSync(
    join(dir, 'bus.conf'),
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:path=${socket}</listen>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>\n`,
  )
  const pid = Number(execFileSync('dbus-daemon', [`--config-file=${join(dir, 'bus.conf')}`, '--fork', '--print-pid'], {encoding: 'utf8'}).trim())
  return {
    env: {DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}`},
    stop() {
      try {
        process.kill(pid)
      } catch {
        // already gone
      }
      rmSync(dir, {recursive: true, force: true})
    },
  }
}

export function startSecretService(): SecretService {
  for (const tool of ['dbus-launch', 'gnome-keyring-daemon']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(`${tool} is missing: \`npm test\` installs it first (scripts/provision.sh), or \`apt-get install -y gnome-keyring dbus-x11\``)
  }
  const home = mkdtempSync(join(tmpdir(), 'forgectl-keyring-home-'))
  const launched = execFileSync('dbus-launch', ['--sh-syntax'], {encoding: 'utf8', env: {...process.env, HOME: home}})
  const address = /DBUS_SESSION_BUS_ADDRESS='([^']+)'/.exec(launched)?.[1]
  const pid = Number(/DBUS_SESSION_BUS_PID=(\d+)/.exec(launched)?.[1])
  if (!address || !pid) throw new Error(`dbus-launch said nothing usable: ${launched}`)
  const env = {DBUS_SESSION_BUS_ADDRESS: address, HOME: home}
  // --unlock with a password on stdin creates the login keyring, unlocked; the daemon detaches itself
  execFileSync('gnome-keyring-daemon', ['--unlock', '--components=secrets', '--daemonize'], {input: 'forgectl-test', env: {...process.env, ...env}, stdio: ['pipe', 'ignore', 'ignore']})
  return {
    env,
    lock() {
      const login = 'array:objpath:/org/freedesktop/secrets/collection/login'
      execFileSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.secrets', '/org/freedesktop/secrets', 'org.freedesktop.Secret.Service.Lock', login], {
        env: {...process.env, ...env},
        stdio: 'ignore',
      })
    },
    stop() {
      // the keyring's daemon leaves with the bus it serves
      try {
        process.kill(pid)
      } catch {
        // already gone
      }
      rmSync(home, {recursive: true, force: true})
    },
  }
}

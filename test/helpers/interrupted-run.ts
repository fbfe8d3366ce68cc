// forgectl as its own process, given one SIGINT once `ready` holds (a request seen by the sandbox, and
// held there by a fault): the signal, not a machine's speed, decides where the run stops.
import {spawn} from 'node:child_process'
import {BIN, freshConfigDir} from './cli.js'

export async function interruptedRun(args: string[], host: string, token: string, ready: () => boolean): Promise<{code: number | null; stdout: string}> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {PATH: process.env.PATH, HOME: process.env.HOME, FORGECTL_HOST: host, FORGECTL_TOKEN: token, FORGECTL_CONFIG_DIR: freshConfigDir()},
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text))
  const ended = new Promise<number | null>(resolve => child.on('close', code => resolve(code)))
  // one signal (a second exits at once)
  const waiting = setInterval(() => {
    if (!ready()) return
    clearInterval(waiting)
    child.kill('SIGINT')
  }, 20)
  const code = await ended
  clearInterval(waiting)
  return {code, stdout}
}

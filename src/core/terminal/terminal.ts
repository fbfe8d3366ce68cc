// What the tool may do with the terminal: prompts only when a person can answer, colour only when
// a person can see it. The terminal is the run's, handed in (src/core/base/io.ts): a test's buffers are pipes.
import type {IO, OutStream} from '../base/io.js'

export function stdoutIsTerminal(io: Pick<IO, 'stdout'>): boolean {
  return Boolean(io.stdout.isTTY)
}

/** the width a table may take on the terminal; 80 when the terminal does not say */
export function terminalColumns(io: Pick<IO, 'stdout'>): number {
  return io.stdout.columns || 80
}

/** prompts need both ends: someone typing (stdin) and someone reading (stdout) */
export function canPrompt({stdin, stdout}: Pick<IO, 'stdin' | 'stdout'>): boolean {
  return Boolean(stdin.isTTY && stdout.isTTY)
}

/** spinners and progress bars: stderr is a terminal with a known width (ora loops on 0 columns) */
export function canAnimate({stderr}: Pick<IO, 'stderr'>): boolean {
  return Boolean(stderr.isTTY && stderr.columns)
}

/** colour on `stream`, a terminal, unless the run's environment says no (NO_COLOR, FORCE_COLOR=0) */
export function colorEnabled(stream: OutStream, env: IO['env']): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR === '0') return false
  return Boolean(stream.isTTY)
}

const paint = (code: number) => (text: string, stream: OutStream, env: IO['env']) => (colorEnabled(stream, env) ? `\u001B[${code}m${text}\u001B[0m` : text)

export const bold = paint(1)
export const yellow = paint(33)
export const green = paint(32)
export const red = paint(31)

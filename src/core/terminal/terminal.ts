// What the tool may do with the terminal: prompts only when a person can answer, colour only when
// a person can see it.

export function stdoutIsTerminal(): boolean {
  return Boolean(process.stdout.isTTY)
}

/** the width a table may take on the terminal; 80 when the terminal does not say */
export function terminalColumns(): number {
  return process.stdout.columns || 80
}

/** prompts need both ends: someone typing (stdin) and someone reading (stdout) */
export function canPrompt(): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY)
}

/** spinners and progress bars: stderr is a terminal with a known width (ora loops on 0 columns) */
export function canAnimate(): boolean {
  return Boolean(process.stderr.isTTY && process.stderr.columns)
}

export function colorEnabled(stream: NodeJS.WriteStream = process.stdout): boolean {
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false
  if (process.env.FORCE_COLOR === '0') return false
  return Boolean(stream.isTTY)
}

const paint =
  (code: number) =>
  (text: string, stream: NodeJS.WriteStream = process.stderr) =>
    colorEnabled(stream) ? `\u001B[${code}m${text}\u001B[0m` : text

export const bold = paint(1)
export const yellow = paint(33)
export const green = paint(32)
export const red = paint(31)
export const dim = paint(2)

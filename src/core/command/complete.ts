// Shell completion answers, computed from the command list and flag definitions oclif already holds
// (the manifest): topics, commands, flags, and the allowed values of enum flags. Pure, unit-tested.

export interface CompletableFlag {
  name: string
  char?: string
  type: 'boolean' | 'option'
  options?: readonly string[]
  allowNo?: boolean
  hidden?: boolean
  /** a list flag's separator (`--scope api,read_user`): the values after the last one are completed */
  delimiter?: string
}

export interface CompletableCommand {
  id: string
  hidden?: boolean
  flags: Record<string, CompletableFlag>
  args?: Record<string, {options?: readonly string[]}>
}

/** what may come next after `words` (the last word is the one being completed, possibly empty) */
export function completions(commands: readonly CompletableCommand[], words: readonly string[]): string[] {
  const current = words.at(-1) ?? ''
  const before = words.slice(0, -1)
  const visible = commands.filter(c => !c.hidden && !c.id.startsWith('_'))
  const path = before.filter(w => !w.startsWith('-'))
  // the longest run of leading words that names a command, a hidden alias too (`labels ls --`): it is
  // not offered as a word, but once typed its flags are the command's
  let command: CompletableCommand | undefined
  for (let n = path.length; n > 0 && !command; n--) command = commands.find(c => c.id === path.slice(0, n).join(':'))

  if (command) {
    const previous = before.at(-1)
    const wanting = previous?.startsWith('-') ? findFlag(command, previous) : undefined
    if (wanting?.type === 'option') return flagValues(wanting, current)
    if (current.includes('=') && current.startsWith('--')) {
      const [name, value] = [current.slice(0, current.indexOf('=')), current.slice(current.indexOf('=') + 1)]
      const flag = findFlag(command, name)
      return flag ? flagValues(flag, value).map(o => `${name}=${o}`) : []
    }
    if (current.startsWith('-')) {
      const names = Object.values(command.flags)
        .filter(f => !f.hidden)
        .flatMap(f => [`--${f.name}`, ...(f.allowNo ? [`--no-${f.name}`] : [])])
      return names.filter(n => n.startsWith(current)).sort()
    }
    const argOptions = Object.values(command.args ?? {}).flatMap(a => a.options ?? [])
    return argOptions.filter(o => o.startsWith(current))
  }

  // still choosing a topic or command: the next segment of every id under what was typed
  const prefix = path.length > 0 ? path.join(':') + ':' : ''
  const next = new Set<string>()
  for (const c of visible) if (c.id.startsWith(prefix)) next.add(c.id.slice(prefix.length).split(':')[0]!)
  return [...next].filter(n => n.startsWith(current)).sort()
}

/**
 * The values of an enum flag that start with what is typed. A list flag completes its last item,
 * keeping the items before it and leaving out those already given: `--scope api,re` gives `api,read_user`.
 */
function flagValues(flag: CompletableFlag, typed: string): string[] {
  const options = flag.options ?? []
  const cut = flag.delimiter ? typed.lastIndexOf(flag.delimiter) + 1 : 0
  const [given, partial] = [typed.slice(0, cut), typed.slice(cut)]
  const taken = flag.delimiter ? given.split(flag.delimiter) : []
  return options.filter(o => o.startsWith(partial) && !taken.includes(o)).map(o => given + o)
}

function findFlag(command: CompletableCommand, word: string): CompletableFlag | undefined {
  const name = word.replace(/^--?/, '').replace(/=.*$/, '')
  return Object.values(command.flags).find(f => (word.startsWith('--') ? f.name === name : f.char === name))
}

export const COMPLETION_SCRIPTS: Record<'bash' | 'zsh' | 'fish', (bin: string) => string> = {
  bash: bin => `# ${bin} completion for bash: add to ~/.bashrc:  source <(${bin} completion bash)
_${bin}_complete() {
  local IFS=$'\\n' line="\${COMP_LINE:0:COMP_POINT}"
  local -a words
  IFS=" " read -r -a words <<< "$line"
  [[ "$line" == *" " ]] && words+=("")
  COMPREPLY=($(${bin} __complete "\${words[@]:1}" 2>/dev/null))
  # bash splits --flag=value at "=": offer only the value part for the word being completed
  if [[ "\${words[-1]}" == --*=* ]]; then COMPREPLY=("\${COMPREPLY[@]#*=}"); fi
}
complete -o default -F _${bin}_complete ${bin}
`,
  zsh: bin => `#compdef ${bin}
# ${bin} completion for zsh: add to ~/.zshrc:  source <(${bin} completion zsh)
_${bin}() {
  local -a candidates
  candidates=("\${(@f)$(${bin} __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -- \${candidates:#}
}
compdef _${bin} ${bin}
`,
  fish: bin => `# ${bin} completion for fish: ${bin} completion fish > ~/.config/fish/completions/${bin}.fish
complete -c ${bin} -f -a '(${bin} __complete (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null)'
`,
}

// Which commands a mistyped one was probably meant to be. Only near misses are named: a suggestion
// that is merely the least far of many unrelated commands misleads more than it helps, and forgectl
// never runs a suggestion for the person (a mistyped `tokens delete 1012 -y` must not delete a hook).

/**
 * Edits that turn `a` into `b`: insertions, deletions, substitutions and swaps of two neighbouring
 * characters (the commonest typing slip: `lables`), each counted once (optimal string alignment).
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({length: a.length + 1}, (_, i) => Array.from({length: b.length + 1}, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = best
    }
  }
  return rows[a.length]![b.length]!
}

const MAX_EDITS = 2

/** at most two edits, and fewer than a third of the name's length: `api` has no near miss of one letter */
function isNearMiss(distance: number, name: string): boolean {
  return distance > 0 && distance <= MAX_EDITS && distance * 3 < name.length
}

/**
 * The edits between a typed word and a name, when they can be few: lengths further apart than
 * MAX_EDITS cannot be a near miss, and a word pasted by mistake (100,000 characters) would cost the
 * full table against every name, a minute before the message.
 */
function nearDistance(typed: string, name: string): number {
  return Math.abs(typed.length - name.length) > MAX_EDITS ? Number.POSITIVE_INFINITY : editDistance(typed, name)
}

/**
 * The commands (or topics) closest to the words typed, as `labels list`. The typed words may go on
 * with arguments (`lables list 3`), so each name is compared with as many typed words as it has.
 * Names of more words win (`labels list` over the topic `labels`), then fewer edits; ties all go.
 */
export function closestCommands(typed: readonly string[], names: readonly string[]): string[] {
  const topic = typed.length > 0 ? topicFor(typed[0]!, names) : undefined
  if (topic !== undefined) {
    // `variable list`: the topic's command when the rest is right, else the near misses within it, else the topic
    const replaced = [topic, ...typed.slice(1)]
    const exact = names.filter(name => name.includes(' ') && name === replaced.slice(0, name.split(' ').length).join(' '))
    if (exact.length > 0) return [exact.sort((a, b) => b.length - a.length)[0]!]
    const near = closestCommands(replaced, names).filter(name => name.startsWith(`${topic} `))
    return near.length > 0 ? near : [topic]
  }
  let best: {words: number; distance: number; names: string[]} = {words: 0, distance: Infinity, names: []}
  for (const name of names) {
    const words = name.split(' ').length
    if (words > typed.length || words < best.words) continue
    const distance = nearDistance(typed.slice(0, words).join(' '), name)
    if (!isNearMiss(distance, name)) continue
    if (words > best.words || distance < best.distance) best = {words, distance, names: [name]}
    else if (distance === best.distance && !best.names.includes(name)) best.names.push(name)
  }
  return best.names.sort()
}

/**
 * The flags a mistyped one was probably meant to be (names without dashes): the near misses, as for
 * commands (`--colums`: `columns`), else the flags it is a whole word or the start of, when it is long
 * enough to say something (`--name`: `new-name`, `--desc`: `description`). Ties all go.
 */
export function closestFlags(typed: string, names: readonly string[]): string[] {
  let best: {distance: number; names: string[]} = {distance: Infinity, names: []}
  for (const name of names) {
    const distance = nearDistance(typed, name)
    if (!isNearMiss(distance, name) || distance > best.distance) continue
    best = distance < best.distance ? {distance, names: [name]} : {distance, names: [...best.names, name]}
  }
  if (best.names.length > 0) return best.names.sort()
  if (typed.length < 3) return []
  return names.filter(name => name.startsWith(typed) || name.split('-').includes(typed)).sort()
}

/**
 * The topic a word stands for, when it is another name of one: its singular (`label` for labels, `token`
 * for tokens) or, for a topic of two words, its last word in either number (`variable` and `variables`
 * for ci-variables: glab's `variable list`). A last word shared by two topics (`export`) names neither;
 * a topic's own singular wins over another's last word (`token`: tokens, not impersonation-tokens).
 */
export function topicFor(word: string, names: readonly string[]): string | undefined {
  const topics = [...new Set(names.map(name => name.split(' ')[0]!))]
  const typed = word.toLowerCase()
  if (topics.includes(typed)) return undefined
  const singular = (text: string) => text.replace(/s$/, '')
  const whole = topics.filter(topic => singular(topic) === typed)
  if (whole.length === 1) return whole[0]
  const byLastWord = topics.filter(topic => topic.includes('-') && [topic.slice(topic.lastIndexOf('-') + 1), singular(topic.slice(topic.lastIndexOf('-') + 1))].includes(typed))
  return byLastWord.length === 1 ? byLastWord[0] : undefined
}

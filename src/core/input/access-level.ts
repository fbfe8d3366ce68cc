// Access levels in words and numbers, one rule wherever a level is taken or shown (issue 36). The
// platform numbers roles (lib/gitlab/access.rb: NO_ACCESS 0, GUEST 10, PLANNER 15, REPORTER 20,
// DEVELOPER 30, MAINTAINER 40, OWNER 50, ADMIN 60); protected branches take the numbers, package
// protection rules the words. State files and export speak words, so `--push-access-level developer`
// was refused ("must be one of 0, 30, 40, 60") where the same file said `developer`. Every input of a
// level takes either spelling, sends the one its endpoint wants, and a table shows the word.
import {custom, RuleBroken} from './input.js'

/** the platform's roles by number; `no one` for 0, as a protected branch's "No one" */
export const ACCESS_LEVEL_WORDS: Readonly<Record<number, string>> = {0: 'no one', 10: 'guest', 15: 'planner', 20: 'reporter', 30: 'developer', 40: 'maintainer', 50: 'owner', 60: 'admin'}

/** a level's number from its number or its word (any case; `no one`, `no_one`, `none`), or undefined */
export function accessLevelNumber(text: string): number | undefined {
  const trimmed = text.trim().toLowerCase()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) in ACCESS_LEVEL_WORDS ? Number(trimmed) : undefined
  const word = trimmed === 'none' ? 'no one' : trimmed.replace(/[_-]/g, ' ')
  const found = Object.entries(ACCESS_LEVEL_WORDS).find(([, name]) => name === word)
  return found === undefined ? undefined : Number(found[0])
}

// 60 is no role anyone holds in a project or group: it lets in the instance's administrators only,
// which the platform calls "Instance admins" (app/models/concerns/protected_ref_access.rb,
// human_access_levels; not offered on GitLab.com)
const WHO: Readonly<Record<number, string>> = {60: ', instance admins'}

/** `developer (30), maintainer (40), admin (60, instance admins)`: the levels an input takes, in both spellings */
export function accessLevelChoices(levels: readonly number[]): string {
  return levels.map(level => `${ACCESS_LEVEL_WORDS[level]} (${level}${WHO[level] ?? ''})`).join(', ')
}

/** `must be one of` the spelling the endpoint takes, then the other: the numbers and their roles, or the roles (`null` after them) */
function parseLevel(text: string, levels: readonly number[], words: boolean): number {
  const level = accessLevelNumber(text)
  const names = levels.map(n => ACCESS_LEVEL_WORDS[n]).join(', ')
  if (level === undefined || !levels.includes(level))
    throw new RuleBroken(words ? `must be one of ${names} or null (or their numbers ${levels.join(', ')})` : `must be one of ${levels.join(', ')} (or their roles: ${names})`)
  return level
}

/** an input of a level the endpoint takes as a number (protected branches): a word or a number, sent as the number */
export function accessLevelInput(levels: readonly number[], description: string) {
  return custom<number>({
    description: `${description}: ${accessLevelChoices(levels)}`,
    // what help and completion offer (the numbers, which have no spaces); the rule takes the words too,
    // and the description names both
    helpValue: levels.join('|'),
    options: levels.map(String),
    hint: `a role or its number: ${accessLevelChoices(levels)}`,
    parse: text => parseLevel(text, levels, false),
  })
}

/** an input of a level the endpoint takes as a word (package protection), or `null`: a word or a number, sent as the word */
export function accessLevelWordInput(levels: readonly number[], description: string) {
  return custom<string | null>({
    description,
    helpValue: [...levels.map(n => ACCESS_LEVEL_WORDS[n]!), 'null'].join('|'),
    options: [...levels.map(n => ACCESS_LEVEL_WORDS[n]!), 'null'],
    hint: `a role or its number: ${accessLevelChoices(levels)}; or null`,
    parse: text => (text === 'null' ? null : ACCESS_LEVEL_WORDS[parseLevel(text, levels, true)]!),
  })
}

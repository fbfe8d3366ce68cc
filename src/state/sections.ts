// Every section a state file knows, by the kind of scope it lives in (STATE.md, "Sections").

import {UsageError} from '../core/base/errors.js'
import {didYouMean} from '../core/input/did-you-mean.js'
import {secretFieldsOf} from '../core/input/input.js'
import type {ScopeKind, Section} from './section.js'
import {features, hooks, instanceDeployKeys, instanceVariables} from './sections-instance.js'
import {members} from './sections-members.js'
import {remoteMirrors} from './sections-mirrors.js'
import {protectedTags} from './sections-protected-tags.js'
import {labels, milestones, packageProtectionRules, projectDeployKeys, protectedBranches} from './sections-scoped.js'
import {groupSettings, projectSettings} from './sections-settings.js'
import {scopedVariables} from './sections-variables.js'
import {webhooks} from './sections-webhooks.js'

export const SECTIONS: Readonly<Record<ScopeKind, readonly Section[]>> = {
  instance: [features, instanceVariables, hooks, instanceDeployKeys],
  groups: [labels, milestones, scopedVariables, groupSettings, webhooks, members],
  projects: [labels, milestones, protectedBranches, projectDeployKeys, scopedVariables, packageProtectionRules, projectSettings, webhooks, members, protectedTags, remoteMirrors],
}

export function sectionOf(kind: ScopeKind, name: string): Section | undefined {
  return SECTIONS[kind].find(section => section.name === name)
}

export const sectionNames = (kind: ScopeKind): string[] => SECTIONS[kind].map(section => section.name)

/** the fields any section declares secret: what no trace of a state command shows */
export const STATE_SECRET_FIELDS = [...new Set(Object.values(SECTIONS).flatMap(sections => sections.flatMap(section => secretFieldsOf(section.inputs))))]

/** every section name of any kind of scope */
export const ALL_SECTION_NAMES: readonly string[] = [...new Set(Object.values(SECTIONS).flatMap(sections => sections.map(section => section.name)))]

/** `--sections a,b` of export, plan and apply: each a section some scope has, or exit 2 before any request */
export function checkSectionNames(names: readonly string[]): void {
  for (const name of names) {
    if (!ALL_SECTION_NAMES.includes(name)) throw new UsageError(`--sections "${name}": not a section (sections: ${ALL_SECTION_NAMES.join(', ')})${didYouMean(name, [...ALL_SECTION_NAMES])}`)
  }
}

// Issue 36: the root help called ci-variables "instance-level" and milestones "of a group", though both
// serve projects too. Each topic's line is checked against what its commands take, where that can be
// read: a topic whose commands take -p speaks of projects, -g of groups, and one that speaks of the
// instance alone ("instance-level") takes neither.
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'

const root = join(import.meta.dirname, '../..')
const topics = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {oclif: {topics: Record<string, {description: string}>}}).oclif.topics
const help = JSON.parse(readFileSync(join(root, 'oclif.help.json'), 'utf8')) as {commands: Record<string, {flags?: Record<string, unknown>; hidden?: boolean}>}

/** the scopes the commands directly under a topic take: -p, -g */
function scopes(topic: string): {project: boolean; group: boolean} {
  const commands = Object.entries(help.commands).filter(([id, command]) => !command.hidden && id.startsWith(`${topic}:`) && !id.slice(topic.length + 1).includes(':'))
  const takes = (flag: string) => commands.some(([, command]) => command.flags?.[flag] !== undefined)
  return {project: takes('project'), group: takes('group')}
}

describe('every topic line is true to its commands', () => {
  it('finds the topics with project and group scopes (the walk walks something)', () => {
    expect(scopes('labels')).toEqual({project: true, group: true})
    expect(scopes('ci-variables')).toEqual({project: true, group: true})
  })

  it.each(Object.entries(topics))('%s: %s', (topic, {description}) => {
    const {project, group} = scopes(topic)
    if (project) expect(description, 'its commands take -p').toMatch(/project/i)
    if (group) expect(description, 'its commands take -g').toMatch(/group/i)
    if (project || group) expect(description).not.toMatch(/instance-level/i)
  })
})

// What a person reads of a deploy key's placement (deploy-keys add): the API layer returns the outcome
// as data (src/api/deploy-key-add.ts), and the words are said here.
import type {KeyPlacement} from '../api/deploy-key-add.js'
import {done, info, type Note, thing, unchanged} from '../core/base/notes.js'

export const DRY_RUN_NOTE = info('Dry run: a real run looks into each project first, and changes a key already there with PUT instead of the POST shown')

/** what a person reads of one project's outcome (a single -p; a fan-out reports it as the row's status) */
export function placementNote(project: string, {outcome, key, updated, notAsAsked}: KeyPlacement): Note {
  const what = `${thing('deploy key', key.id)} in ${thing('project', project)}`
  // the title is the key's own: changing it renames the key in every project that uses it
  const changed = updated.map(field => (field === 'title' ? 'title (in every project that uses the key)' : field)).join(' and ')
  if (outcome === 'unchanged') return unchanged(notAsAsked ? `${what} was already there` : `${what} is already as asked`)
  if (outcome === 'created') return done('Created', what)
  if (outcome === 'enabled') return done('Enabled', `existing ${what}`, changed ? `updated ${changed}` : undefined)
  return done('Updated', `${what}, which was already there`, changed)
}

// What a person reads of a deploy key's placement (deploy-keys add): the API layer returns the outcome
// as data (src/api/deploy-key-add.ts), and the words are said here.
import type {KeyPlacement} from '../api/deploy-key-add.js'
import {done, info, type Note, thing} from '../core/base/notes.js'

export const DRY_RUN_NOTE = info('Dry run: a real run sends the POST shown, then a PUT where the key exists with another title or push access')

/** what a person reads of one project's outcome (a single -p; a fan-out reports it as the row's status) */
export function placementNote(project: string, {outcome, key, updated}: KeyPlacement): Note {
  const what = `${thing('deploy key', key.id)} in ${thing('project', project)}`
  // the title is the key's own: changing it renames the key in every project that uses it
  const changed = updated.map(field => (field === 'title' ? 'title (in every project that uses the key)' : field)).join(' and ')
  if (outcome === 'created') return done('Created', what)
  // the platform answers alike for a key that was there and for one it joined from another project
  if (outcome === 'existing') return done('Existing', what, 'there already, or joined from a project you maintain')
  return done('Updated', `existing ${what}`, changed)
}

// The `settings` section of projects and groups (STATE.md, issue 37): the scope's own record, as its
// edit endpoint takes it (src/api/settings.ts: the fields forgectl manages). Its shape is `record`: the
// file writes the fields themselves under `settings:`, with no key and no list, and entries that match
// one scope merge field by field. A field the file does not name is left as the server has it. The
// record always exists, so nothing is created, and the API cannot delete it: `prune: [settings]` is
// refused (no `remove`) and `prune: true` leaves it alone (diff.ts prunes only what can be deleted).
import {getSettingsRecord, settingsFields, settingsInputs, updateSettings} from '../api/settings.js'
import {CliError} from '../core/base/errors.js'
import {isApiNumber} from '../core/base/exact-number.js'
import {scopePath} from '../core/input/scope.js'
import {type Section, scopeName, setFields} from './section.js'
import {scopeOf} from './sections-scoped.js'

/** the one record's identity, as a plan line names it: `~ settings (own): merge_method "merge" → "ff"` */
export const OWN_RECORD = '(own)'

function settingsSection(kind: 'projects' | 'groups'): Section {
  const fields = settingsFields(kind)
  return {
    name: 'settings',
    kinds: [kind],
    shape: 'record',
    inputs: settingsInputs(kind),
    identity: () => OWN_RECORD,
    secret: () => false,
    async read(context, target) {
      const scope = scopeOf(target)
      const read = () => getSettingsRecord(context.api, scope)
      const record = await (context.limit ? context.limit(read) : read())
      // like a list's records (read-all.ts): a record without its ID cannot be the one a change addresses
      if (record === null || typeof record !== 'object' || !isApiNumber(record.id)) {
        throw new CliError(`the server answered GET /api/v4${scopePath(scope)} without its id, which every record of the API has: nothing was changed`)
      }
      return [{id: OWN_RECORD, ref: record.id, fields: setFields(record, fields, true)}]
    },
    // never planned: a project or group always has its settings (read above), so the diff finds the record
    create: (_context, target) => Promise.reject(new CliError(`${scopeName(target)} settings cannot be created, only changed`)),
    update: ({api}, target, _current, changed) => updateSettings(api, scopeOf(target), changed),
    exported: current => ({value: setFields(current.fields, fields)}),
  }
}

export const projectSettings = settingsSection('projects')
export const groupSettings = settingsSection('groups')

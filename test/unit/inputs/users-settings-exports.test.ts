import {describe} from 'vitest'
import {ENTERPRISE_GROUP, ENTERPRISE_USER_CHANGES, ENTERPRISE_USER_DELETION, ENTERPRISE_USER_FILTERS} from '../../../src/api/enterprise-users.js'
import {EXPORT_OPTIONS, RELATION_FILE, STATUS_FILTER} from '../../../src/api/relations-export.js'
import {SECURITY_SETTINGS_CHANGES} from '../../../src/api/security-settings.js'
import {GROUP_SETTINGS, PROJECT_SETTINGS} from '../../../src/api/settings.js'
import {BULK_MOVE, GROUP_MOVE} from '../../../src/api/storage-moves.js'
import {NEW_EXPORT} from '../../../src/api/vuln-export.js'
import type {Inputs} from '../../../src/core/input/input.js'
import {type RuleRow, ruleTable} from '../../helpers/input-rules.js'

const EMPTY = /must not be empty/
const BOOLEAN = /must be true or false/

describe('enterprise-users inputs', () => {
  ruleTable('top-level group', ENTERPRISE_GROUP, [
    ['group', 'acme', {value: 'acme'}],
    ['group', '10', {value: '10'}],
    ['group', 'acme/platform', /top-level groups only, and this path names a subgroup/],
    ['group', '', EMPTY],
    ['group', ' ', EMPTY],
  ])
  ruleTable('enterprise user filters', ENTERPRISE_USER_FILTERS, [
    ['username', 'heidi', {value: 'heidi'}],
    ['username', '', EMPTY],
    ['search', 'smith', {value: 'smith'}],
    ['search', '', {value: ''}],
    ['active', 'true', {value: true}],
    ['active', 'yes', BOOLEAN],
    ['blocked', 'false', {value: false}],
    ['blocked', '', EMPTY],
    ['created_after', '2026-01-01T00:00:00Z', {value: '2026-01-01T00:00:00Z'}],
    ['created_after', '2025-01-01T00:00:00+01:00', {value: '2025-01-01T00:00:00+01:00'}],
    ['created_after', 'yesterday', /ISO 8601 date-time/],
    ['created_after', '', EMPTY],
    ['created_before', '2025-07-01', {value: '2025-07-01'}],
    ['created_before', '2026-13-01', /there is no month 13/],
    ['two_factor', 'enabled', {value: 'enabled'}],
    ['two_factor', 'disabled', {value: 'disabled'}],
    ['two_factor', 'on', /must be one of enabled, disabled/],
    ['two_factor', '', EMPTY],
  ])
  ruleTable('enterprise user changes', ENTERPRISE_USER_CHANGES, [
    ['name', 'Ivan Smith-Jones', {value: 'Ivan Smith-Jones'}],
    ['name', '', EMPTY],
    ['name', '   ', EMPTY],
    ['email', 'ivan.jones@acme.example.com', {value: 'ivan.jones@acme.example.com'}],
    ['email', 'ivan-at-acme', /must be an e-mail address such as jane@example.com/],
    ['email', 'ivan@acme', /must be an e-mail address/],
    ['email', 'ivan jones@acme.example.com', /must be an e-mail address/],
    ['email', '', EMPTY],
  ])
  ruleTable('enterprise user deletion', ENTERPRISE_USER_DELETION, [
    ['hard_delete', 'true', {value: true}],
    ['hard_delete', 'false', {value: false}],
    ['hard_delete', 'hard', BOOLEAN],
  ])
})

describe('security-settings inputs', () => {
  ruleTable('security settings changes', SECURITY_SETTINGS_CHANGES, [
    ['secret_push_protection_enabled', 'true', {value: true}],
    ['secret_push_protection_enabled', 'false', {value: false}],
    ['secret_push_protection_enabled', 'enable', BOOLEAN],
    ['secret_push_protection_enabled', '', EMPTY],
  ])
})

/** a row each for the inputs a table does not name: a boolean's true, a choice's first option, a text */
const plainRows = (inputs: Inputs, named: readonly RuleRow[]): RuleRow[] =>
  Object.values(inputs)
    .filter(input => !named.some(([api]) => api === input.api))
    .map((input): RuleRow => (input.boolean ? [input.api, 'true', {value: true}] : input.options ? [input.api, input.options[0]!, {value: input.options[0]}] : [input.api, 'text', {value: 'text'}]))

describe('settings inputs', () => {
  const TIMEOUT = /must be a duration from 10m to below a month/
  const project: RuleRow[] = [
    ['build_timeout', '600', {value: 600}],
    ['build_timeout', '90m', {value: 5400}],
    ['build_timeout', '2h', {value: 7200}],
    ['build_timeout', '30d', {value: 2_592_000}],
    ['build_timeout', '2629745', {value: 2_629_745}],
    ['build_timeout', '599', TIMEOUT],
    ['build_timeout', '31d', TIMEOUT],
    ['build_timeout', '1.5h', TIMEOUT],
    ['merge_method', 'ff', {value: 'ff'}],
    ['merge_method', 'fast-forward', /must be one of merge, rebase_merge, ff/],
    ['pages_access_level', 'public', {value: 'public'}],
    ['wiki_access_level', 'public', /must be one of disabled, private, enabled/],
    ['ci_config_path', '', {value: ''}],
  ]
  ruleTable('project settings', PROJECT_SETTINGS, [...project, ...plainRows(PROJECT_SETTINGS, project)])
  const group: RuleRow[] = [
    ['project_creation_level', 'noone', {value: 'noone'}],
    ['project_creation_level', 'nobody', /must be one of noone, owner, maintainer, developer, administrator/],
    ['subgroup_creation_level', 'developer', /must be one of owner, maintainer/],
    ['two_factor_grace_period', '-1', /must be a whole number, 0 or more/],
    ['two_factor_grace_period', '48', {value: 48}],
  ]
  ruleTable('group settings', GROUP_SETTINGS, [...group, ...plainRows(GROUP_SETTINGS, group)])
})

describe('storage-moves inputs', () => {
  ruleTable('group move', GROUP_MOVE, [
    ['destination_storage_name', 'storage-2', {value: 'storage-2'}],
    ['destination_storage_name', '', EMPTY],
  ])
  ruleTable('bulk move', BULK_MOVE, [
    ['type', 'project', {value: 'project'}],
    ['type', 'snippet', {value: 'snippet'}],
    ['type', 'group', {value: 'group'}],
    ['type', 'wiki', /must be one of project, snippet, group/],
    ['type', '', EMPTY],
    ['source_storage_name', 'default', {value: 'default'}],
    ['source_storage_name', '', EMPTY],
    ['destination_storage_name', 'storage-3', {value: 'storage-3'}],
    ['destination_storage_name', ' ', EMPTY],
  ])
})

describe('relations-export inputs', () => {
  const PATTERN = /may hold only lower-case letters and _, as in labels or merge_requests/
  ruleTable('export options', EXPORT_OPTIONS, [
    ['batched', 'true', {value: true}],
    ['batched', '1', BOOLEAN],
  ])
  ruleTable('status filter', STATUS_FILTER, [
    ['relation', 'merge_requests', {value: 'merge_requests'}],
    ['relation', 'merge-requests', PATTERN],
    ['relation', 'Issues', PATTERN],
    ['relation', 'ci_pipelines2', PATTERN],
    ['relation', '', EMPTY],
  ])
  ruleTable('relation file', RELATION_FILE, [
    ['relation', 'labels', {value: 'labels'}],
    ['relation', 'labels ', PATTERN],
    ['relation', '', EMPTY],
    ['batched', 'false', {value: false}],
    ['batched', 'no', BOOLEAN],
    ['batch_number', '1', {value: 1}],
    ['batch_number', '12', {value: 12}],
    ['batch_number', '0', /whole number, 1 or more/],
    ['batch_number', 'two', /whole number, 1 or more/],
    ['batch_number', '1.5', /whole number/],
    ['batch_number', '', EMPTY],
  ])
})

describe('vuln-export inputs', () => {
  ruleTable('new export', NEW_EXPORT, [
    ['export_format', 'csv', {value: 'csv'}],
    ['export_format', 'pdf', {value: 'pdf'}],
    ['export_format', 'xlsx', /must be one of csv, pdf/],
    ['export_format', '', EMPTY],
    ['send_email', 'true', {value: true}],
    ['send_email', 'mail', BOOLEAN],
    ['report_data', '{"project_vulnerabilities_history": {"svg": "<svg/>"}}', {value: {project_vulnerabilities_history: {svg: '<svg/>'}}}],
    ['report_data', '{}', {value: {}}],
    ['report_data', '[{"svg": "<svg/>"}]', /must be a JSON object mapping report components to assets/],
    ['report_data', 'null', /must be a JSON object/],
    ['report_data', '"svg"', /must be a JSON object/],
    ['report_data', '{"svg": ', /must be valid JSON/],
    ['report_data', '', EMPTY],
  ])
})

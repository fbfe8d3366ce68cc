import {describe} from 'vitest'
import {ACCOUNT, ACCOUNT_GROUP, ACCOUNT_SCOPE, ACCOUNT_TOKEN, SERVICE_ACCOUNT_DELETION, SERVICE_ACCOUNT_INPUTS, SERVICE_ACCOUNT_ORDER} from '../../../src/api/service-accounts.js'
import {IMPERSONATION_TOKEN_FILTERS, NEW_TOKEN, OPTIONAL_TOKEN_USER, PERSONAL_TOKEN_FILTERS, TOKEN_FILTERS, TOKEN_ROTATION, TOKEN_USER} from '../../../src/api/tokens.js'
import {type RuleRow, ruleTable} from '../../helpers/input-rules.js'

const EMPTY = /must not be empty/
const DATE = /must be a date as YYYY-MM-DD/
const DATETIME = /must be an ISO 8601 date-time/
const WHOLE = /must be a positive whole number/

const userRows = (): RuleRow[] => [
  ['user_id', '42', {value: '42'}],
  // a username passes its rule here; it is looked up for its ID before sending (users.ts)
  ['user_id', 'bob', {value: 'bob'}],
  ['user_id', 'Bob.Smith-2', {value: 'Bob.Smith-2'}],
  ['user_id', '0', /^must be a positive whole number \(a user ID\) or a username$/],
  ['user_id', 'bob smith', /^must be a user ID or a username \(letters, digits, _, - and \.\)$/],
  ['user_id', 'a,b', /names one user/],
  ['user_id', '..', /has no "\." or "\.\." segment/],
  ['user_id', '', EMPTY],
]

describe('tokens inputs', () => {
  ruleTable('new token', NEW_TOKEN, [
    ['name', 'ci-deploy', {value: 'ci-deploy'}],
    ['name', '', EMPTY],
    ['name', '  ', EMPTY],
    ['scopes', 'api', {value: ['api']}],
    ['scopes', 'api, read_user', {value: ['api', 'read_user']}],
    ['scopes', '', EMPTY],
    ['scopes', 'apii', /^must be one or more of api, read_api, .*; did you mean api\?$/],
    ['scopes', 'read_repositry', /did you mean read_repository\?$/],
    ['scopes', 'api,writ_registry', /\("writ_registry" is not\); did you mean write_registry\?$/],
    ['scopes', 'everything', /^must be one or more of api, .*, self_rotate$/],
    ['scopes', 'self_rotate', {value: ['self_rotate']}],
    ['expires_at', '2026-12-31', {value: '2026-12-31'}],
    ['expires_at', '2026-02-30', /^there is no such day: February 2026 has 28 days$/],
    ['expires_at', '31/12/2026', DATE],
    ['expires_at', '2026-12-31T00:00:00Z', DATE],
    ['expires_at', '', EMPTY],
    ['description', 'd'.repeat(255), {value: 'd'.repeat(255)}],
    ['description', 'd'.repeat(256), /must be at most 255 characters, not 256/],
    ['description', '', {value: ''}],
  ])
  ruleTable('rotation', TOKEN_ROTATION, [
    ['expires_at', '2026-09-30', {value: '2026-09-30'}],
    ['expires_at', '2026-1-1', DATE],
    ['expires_at', '', EMPTY],
  ])
  ruleTable('user of a token path', TOKEN_USER, userRows())
  ruleTable('user filter', OPTIONAL_TOKEN_USER, userRows())
  ruleTable('impersonation token filters', IMPERSONATION_TOKEN_FILTERS, [
    ['state', 'all', {value: 'all'}],
    ['state', 'inactive', {value: 'inactive'}],
    ['state', 'revoked', /must be one of all, active, inactive/],
    ['state', '', EMPTY],
  ])
  ruleTable('token filters', TOKEN_FILTERS, [
    ['created_after', '2026-01-01T00:00:00Z', {value: '2026-01-01T00:00:00Z'}],
    ['created_after', 'yesterday', DATETIME],
    ['created_after', '2027-06-31T10:00:00Z', /^there is no such day: June 2027 has 30 days$/],
    ['created_before', '2025-12-01', {value: '2025-12-01'}],
    ['created_before', '2026-13-01T00:00:00Z', /^there is no month 13: months run from 01 to 12$/],
    ['expires_after', '2030-06-01', {value: '2030-06-01'}],
    ['expires_after', '2030-06-01T00:00:00Z', DATE],
    ['expires_before', '2029-12-31', {value: '2029-12-31'}],
    ['expires_before', 'soon', DATE],
    ['last_used_after', '2026-01-01T00:00:00+01:00', {value: '2026-01-01T00:00:00+01:00'}],
    ['last_used_after', '', EMPTY],
    ['last_used_before', '2026-01-01 10:00', {value: '2026-01-01 10:00'}],
    ['last_used_before', '01/01/2026', DATETIME],
    ['revoked', 'true', {value: true}],
    ['revoked', 'yes', /true or false/],
    ['search', 'DEPLOY', {value: 'DEPLOY'}],
    ['search', '', {value: ''}],
    ['sort', 'expires_asc', {value: 'expires_asc'}],
    ['sort', 'newest', /must be \[-\]FIELD with FIELD one of created_at, .*, or one of created_asc, .*name_desc/],
    ['state', 'active', {value: 'active'}],
    ['state', 'all', /must be one of active, inactive/],
  ])
  ruleTable('personal token filters', PERSONAL_TOKEN_FILTERS, [
    ['created_after', '2025-05-01T00:00:00Z', {value: '2025-05-01T00:00:00Z'}],
    ['created_before', 'tomorrow', DATETIME],
    ['last_used_after', '2026-01-01T00:00:00Z', {value: '2026-01-01T00:00:00Z'}],
    ['last_used_before', 'x', DATETIME],
    ['revoked', 'false', {value: false}],
    ['search', 'LAPTOP', {value: 'LAPTOP'}],
    ['state', 'inactive', {value: 'inactive'}],
    ['state', 'all', /must be one of active, inactive/],
  ])
})

describe('service-accounts inputs', () => {
  ruleTable('list order', SERVICE_ACCOUNT_ORDER, [
    ['order_by', 'username', {value: 'username'}],
    ['order_by', 'name', /must be one of id, username/],
    ['sort', 'asc', {value: 'asc'}],
    // the one spelling of a sort (core/input/sort.ts), which names the field too
    ['sort', '-username', {value: 'username_desc'}],
    ['sort', 'id', {value: 'id_asc'}],
    ['sort', 'username_asc', {value: 'username_asc'}],
    ['sort', '-name', /must be \[-\]FIELD with FIELD one of id, username/],
    ['sort', 'up', /or asc or desc/],
  ])
  ruleTable('account fields', SERVICE_ACCOUNT_INPUTS, [
    ['name', 'Release bot', {value: 'Release bot'}],
    ['name', '', EMPTY],
    ['username', 'release-bot', {value: 'release-bot'}],
    ['username', ' ', EMPTY],
    ['email', 'bot@acme.example.com', {value: 'bot@acme.example.com'}],
    ['email', '', EMPTY],
  ])
  ruleTable('deletion', SERVICE_ACCOUNT_DELETION, [
    ['hard_delete', 'true', {value: true}],
    ['hard_delete', 'soft', /true or false/],
  ])
  for (const [name, inputs] of [
    ['optional group', ACCOUNT_SCOPE],
    ['required group', ACCOUNT_GROUP],
  ] as const) {
    ruleTable(name, inputs, [
      ['id', 'acme', {value: 'acme'}],
      ['id', '42', {value: '42'}],
      ['id', 'acme/platform', /is a subgroup; service accounts belong to top-level groups only/],
      ['id', '', EMPTY],
    ])
  }
  ruleTable('account', ACCOUNT, userRows())
  ruleTable('account token', ACCOUNT_TOKEN, [...userRows(), ['token_id', '301', {value: '301'}], ['token_id', 'abc', WHOLE], ['token_id', '-1', WHOLE], ['token_id', '', EMPTY]])
})

import {describe} from 'vitest'
import {NEW_USER_LIST, USER_LIST_CHANGES, USER_LIST_FILTERS} from '../../../src/api/feature-user-lists.js'
import {FEATURE_GATE, FEATURE_NAME, FEATURE_SWITCH} from '../../../src/api/features.js'
import {NEW_RULE, RULE_CHANGES} from '../../../src/api/package-protection.js'
import {POLICY_SETTINGS} from '../../../src/api/registry-cleanup.js'
import {type RuleRow, ruleTable} from '../../helpers/input-rules.js'

const EMPTY = /must not be empty/
const BOOLEAN = /must be true or false/

/** the six gate targets and force, shared by enable, disable and set */
const TARGET_ROWS: RuleRow[] = [
  ['feature_group', 'beta_testers', {value: ['beta_testers']}],
  ['feature_group', '', EMPTY],
  ['user', 'alice, bob', {value: ['alice', 'bob']}],
  ['user', '', EMPTY],
  ['group', 'acme', {value: ['acme']}],
  ['group', ' ', EMPTY],
  ['namespace', 'opensource', {value: ['opensource']}],
  ['namespace', '', EMPTY],
  ['project', 'acme/website', {value: ['acme/website']}],
  ['project', '', EMPTY],
  ['repository', 'acme/platform/api,acme/website', {value: ['acme/platform/api', 'acme/website']}],
  ['repository', '', EMPTY],
  ['force', 'true', {value: true}],
  ['force', 'yes', BOOLEAN],
]

describe('features inputs', () => {
  ruleTable('feature name', FEATURE_NAME, [
    ['name', 'labels_archive', {value: 'labels_archive'}],
    ['name', '', EMPTY],
    ['name', '  ', EMPTY],
  ])
  ruleTable('feature switch', FEATURE_SWITCH, [['name', 'labels_archive', {value: 'labels_archive'}], ['name', '', EMPTY], ...TARGET_ROWS])
  const PERCENTAGE = /must be true, false or a percentage from 0 to 100/
  ruleTable('feature gate', FEATURE_GATE, [
    ['name', 'new_navigation', {value: 'new_navigation'}],
    ['name', '', EMPTY],
    ['value', 'true', {value: true}],
    ['value', 'false', {value: false}],
    ['value', '0', {value: 0}],
    ['value', '100', {value: 100}],
    ['value', '101', PERCENTAGE],
    ['value', '-1', PERCENTAGE],
    ['value', '12.5', {value: 12.5}],
    ['value', 'yes', PERCENTAGE],
    ['value', 'TRUE', PERCENTAGE],
    ['value', '', EMPTY],
    ['key', 'percentage_of_actors', {value: 'percentage_of_actors'}],
    ['key', 'percentage_of_time', {value: 'percentage_of_time'}],
    ['key', 'percentage_of_users', /must be one of percentage_of_actors, percentage_of_time/],
    ['key', '', EMPTY],
    ...TARGET_ROWS,
  ])
})

describe('feature-user-lists inputs', () => {
  ruleTable('user list filters', USER_LIST_FILTERS, [
    ['search', 'beta', {value: 'beta'}],
    ['search', '', {value: ''}],
  ])
  ruleTable('new user list', NEW_USER_LIST, [
    ['name', 'beta-testers', {value: 'beta-testers'}],
    ['name', '', EMPTY],
    ['user_xids', 'user-1,user-2', {value: ['user-1', 'user-2']}],
    ['user_xids', 'alice@example.com', {value: ['alice@example.com']}],
    ['user_xids', '', EMPTY],
  ])
  ruleTable('user list changes', USER_LIST_CHANGES, [
    ['name', 'early-adopters', {value: 'early-adopters'}],
    ['name', '', EMPTY],
    ['user_xids', 'user-9', {value: ['user-9']}],
    ['user_xids', ' ', EMPTY],
  ])
})

describe('package-protection inputs', () => {
  const TYPE = /must be one of conan, generic, helm, maven, npm, nuget, pypi$/
  const PUSH = /must be one of maintainer, owner, admin or null/
  const DELETE = /must be one of owner, admin or null/
  const LEVEL_ROWS: RuleRow[] = [
    ['minimum_access_level_for_push', 'maintainer', {value: 'maintainer'}],
    ['minimum_access_level_for_push', 'owner', {value: 'owner'}],
    ['minimum_access_level_for_push', 'admin', {value: 'admin'}],
    ['minimum_access_level_for_push', 'null', {value: null}],
    ['minimum_access_level_for_push', 'developer', PUSH],
    // a role's word in any case, or its number (issue 36: core/input/access-level.ts), sent as the word
    ['minimum_access_level_for_push', 'Owner', {value: 'owner'}],
    ['minimum_access_level_for_push', '40', {value: 'maintainer'}],
    ['minimum_access_level_for_push', '30', PUSH],
    ['minimum_access_level_for_push', '', EMPTY],
    ['minimum_access_level_for_delete', 'owner', {value: 'owner'}],
    ['minimum_access_level_for_delete', 'admin', {value: 'admin'}],
    ['minimum_access_level_for_delete', 'null', {value: null}],
    ['minimum_access_level_for_delete', 'maintainer', DELETE],
    ['minimum_access_level_for_delete', '', EMPTY],
  ]
  ruleTable('new rule', NEW_RULE, [
    ['package_name_pattern', '@my-scope/my-package-*', {value: '@my-scope/my-package-*'}],
    ['package_name_pattern', 'com/acme/bulk,two', {value: 'com/acme/bulk,two'}],
    ['package_name_pattern', '', EMPTY],
    ['package_type', 'npm', {value: 'npm'}],
    ['package_type', 'pypi', {value: 'pypi'}],
    ['package_type', 'rubygems', TYPE],
    ['package_type', '', EMPTY],
    ...LEVEL_ROWS,
  ])
  ruleTable('rule changes', RULE_CHANGES, [
    ['package_name_pattern', 'acme-tools-*', {value: 'acme-tools-*'}],
    ['package_name_pattern', ' ', EMPTY],
    ['package_type', 'conan', {value: 'conan'}],
    ['package_type', 'gem', TYPE],
    ...LEVEL_ROWS,
  ])
})

describe('registry-cleanup inputs', () => {
  const CADENCE = /must be one of 1, 7, 14, 30, 90 \(days\)/
  const DAYS = /must be a whole number from 1 to 365/
  ruleTable('cleanup policy settings', POLICY_SETTINGS, [
    ['cadence', '1', {value: 1}],
    ['cadence', '7', {value: 7}],
    ['cadence', '14', {value: 14}],
    ['cadence', '30', {value: 30}],
    ['cadence', '90', {value: 90}],
    ['cadence', '3', CADENCE],
    ['cadence', '07', CADENCE],
    ['cadence', 'weekly', CADENCE],
    ['cadence', '', EMPTY],
    ['enabled', 'true', {value: true}],
    ['enabled', 'false', {value: false}],
    ['enabled', 'on', BOOLEAN],
    ['notify_on_success', 'true', {value: true}],
    ['notify_on_success', 'no', BOOLEAN],
    ['notify_on_failure', 'false', {value: false}],
    ['notify_on_failure', 'yes', BOOLEAN],
    ['keep_n_days_after_download', '1', {value: 1}],
    ['keep_n_days_after_download', '365', {value: 365}],
    ['keep_n_days_after_download', '0', DAYS],
    ['keep_n_days_after_download', '366', DAYS],
    ['keep_n_days_after_download', 'ten', DAYS],
    ['keep_n_days_after_download', '1.5', DAYS],
    ['keep_n_days_after_download', '', EMPTY],
  ])
})

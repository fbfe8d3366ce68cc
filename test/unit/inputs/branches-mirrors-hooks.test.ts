import {describe, expect, it} from 'vitest'
import {BRANCH, BRANCH_FILTERS, NEW_BRANCH, PROTECTED_BRANCH, PROTECTION} from '../../../src/api/branches.js'
import {HOOK_CHANGES, NEW_HOOK, URL_VARIABLE, URL_VARIABLE_KEY} from '../../../src/api/hooks.js'
import {MIRROR_CHANGES, NEW_MIRROR} from '../../../src/api/mirrors.js'
import {ruleTable} from '../../helpers/input-rules.js'

const EMPTY = /must not be empty/
const GIT_RULE = /must follow git's rules for branch names/

describe('branches inputs', () => {
  ruleTable('branch filters', BRANCH_FILTERS, [
    ['search', '^feature', {value: '^feature'}],
    ['search', '', {value: ''}],
    ['regex', '^(fix|hotfix)_', {value: '^(fix|hotfix)_'}],
    ['regex', '', {value: ''}],
  ])
  ruleTable('existing branch', BRANCH, [
    ['branch', 'release/2026-01', {value: 'release/2026-01'}],
    // a name already in the repository is taken as it is, whatever rule created it
    ['branch', 'odd name', {value: 'odd name'}],
    ['branch', '', EMPTY],
    ['branch', '  ', EMPTY],
  ])
  // The spec's prose allows only letters, digits, - and _; the platform takes what git takes, and wins.
  ruleTable('new branch', NEW_BRANCH, [
    ['branch', 'feature-login', {value: 'feature-login'}],
    ['branch', 'hotfix_42', {value: 'hotfix_42'}],
    ['branch', 'feature/x', {value: 'feature/x'}],
    ['branch', 'release/2026-01', {value: 'release/2026-01'}],
    ['branch', 'v1.2', {value: 'v1.2'}],
    ['branch', 'a'.repeat(39), {value: 'a'.repeat(39)}],
    ['branch', '', EMPTY],
    ['branch', 'bad name', /no spaces or control characters/],
    ['branch', 'tab\there', /no spaces or control characters/],
    ['branch', 'x~1', /none of ~ \^ : \? \* \[ \\/],
    ['branch', 'x:y', /none of/],
    ['branch', 'a..b', /no "\.\.", "\/\/" or "@\{"/],
    ['branch', 'a//b', /no "\.\.", "\/\/" or "@\{"/],
    ['branch', 'a@{b', GIT_RULE],
    ['branch', '-dash', /no "-", "\/" or "\." at the start/],
    ['branch', 'feature/.hidden', /no part starting with "\."/],
    ['branch', 'ends/', /no "\/", "\." or "\.lock" at the end/],
    ['branch', 'topic.lock', /"\.lock" at the end/],
    ['branch', 'HEAD', /not "HEAD", "@" or a commit SHA/],
    ['branch', '0123456789abcdef0123456789abcdef01234567', /commit SHA/],
    ['ref', 'main', {value: 'main'}],
    ['ref', '3f1c9e2a', {value: '3f1c9e2a'}],
    ['ref', '', EMPTY],
  ])
  ruleTable('protection', PROTECTION, [
    ['name', 'main', {value: 'main'}],
    ['name', 'release-*', {value: 'release-*'}],
    ['name', 'feature/x', {value: 'feature/x'}],
    ['name', '', EMPTY],
    ['push_access_level', '0', {value: 0}],
    ['push_access_level', '60', {value: 60}],
    ['push_access_level', '20', /must be one of 0, 30, 40, 60/],
    // words and numbers alike (issue 36: state files speak words; core/input/access-level.ts)
    ['push_access_level', 'maintainer', {value: 40}],
    ['push_access_level', 'No one', {value: 0}],
    ['push_access_level', 'reporter', /must be one of 0, 30, 40, 60 \(or their roles: no one, developer, maintainer, admin\)/],
    ['merge_access_level', '30', {value: 30}],
    ['merge_access_level', '50', /must be one of 0, 30, 40, 60/],
    ['unprotect_access_level', '40', {value: 40}],
    ['unprotect_access_level', '0', /must be one of 30, 40, 60/],
    ['allow_force_push', 'true', {value: true}],
    ['allow_force_push', 'yes', /true or false/],
    ['code_owner_approval_required', 'false', {value: false}],
    ['code_owner_approval_required', '', EMPTY],
  ])
  // 60 lets in the instance's administrators only: the platform's "Instance admins" (gitlabhq
  // app/models/concerns/protected_ref_access.rb, human_access_levels), no role of a project
  it('the help of an access level names only the levels it takes, 60 as the instance admins it lets in', () => {
    expect(PROTECTION.push_access_level.description).toBe('who may push: no one (0), developer (30), maintainer (40), admin (60, instance admins)')
    expect(PROTECTION.unprotect_access_level.description).toBe('who may unprotect: developer (30), maintainer (40), admin (60, instance admins)')
  })
  ruleTable('protected branch', PROTECTED_BRANCH, [
    ['name', 'release-*', {value: 'release-*'}],
    ['name', 'feature/x', {value: 'feature/x'}],
    ['name', '', EMPTY],
  ])
})

describe('mirrors inputs', () => {
  const URL_RULE = /must be an absolute http, https, ssh or git URL naming a host/
  ruleTable('new mirror', NEW_MIRROR, [
    ['url', 'https://bot:TOKEN@backup.example.com/team/app.git', {value: 'https://bot:TOKEN@backup.example.com/team/app.git'}],
    ['url', 'http://mirror.example.com/a.git', {value: 'http://mirror.example.com/a.git'}],
    ['url', 'ssh://git@mirror.example.org/team/app.git', {value: 'ssh://git@mirror.example.org/team/app.git'}],
    ['url', 'git://mirror.example.org/app.git', {value: 'git://mirror.example.org/app.git'}],
    ['url', 'ftp://files.example.com/a.git', URL_RULE],
    ['url', 'backup.example.com/a.git', URL_RULE],
    ['url', 'file:///srv/a.git', URL_RULE],
    ['url', 'bot:pw-77@files.example.com/a.git', URL_RULE],
    ['url', '', EMPTY],
    ['auth_method', 'ssh_public_key', {value: 'ssh_public_key'}],
    ['auth_method', 'password', {value: 'password'}],
    ['auth_method', 'token', /must be one of ssh_public_key, password/],
    ['enabled', 'true', {value: true}],
    ['enabled', 'on', /true or false/],
    ['keep_divergent_refs', 'false', {value: false}],
    ['only_protected_branches', 'true', {value: true}],
    ['mirror_branch_regex', '^release/', {value: '^release/'}],
    ['mirror_branch_regex', '', {value: ''}],
  ])
  ruleTable('mirror changes', MIRROR_CHANGES, [
    ['auth_method', 'password', {value: 'password'}],
    ['auth_method', '', EMPTY],
    ['enabled', 'false', {value: false}],
    ['keep_divergent_refs', 'true', {value: true}],
    ['only_protected_branches', 'no', /true or false/],
    ['mirror_branch_regex', '^(main|release/.*)$', {value: '^(main|release/.*)$'}],
    ['mirror_branch_regex', '', {value: ''}],
  ])
})

describe('hooks inputs', () => {
  const HOOK_URL_RULE = /must be an absolute http or https URL such as https:\/\/hooks\.example\.com\/receive/
  ruleTable('new hook', NEW_HOOK, [
    ['url', 'https://hooks.example.com/forge', {value: 'https://hooks.example.com/forge'}],
    ['url', 'http://plain.example.com/hook', {value: 'http://plain.example.com/hook'}],
    // a URL variable in the path is interpolated by the platform
    ['url', 'https://audit.example.com/forge/{tenant}', {value: 'https://audit.example.com/forge/{tenant}'}],
    ['url', 'https://bot:pw@hooks.example.com/', {value: 'https://bot:pw@hooks.example.com/'}],
    ['url', '/receive', HOOK_URL_RULE],
    ['url', 'ftp://files.example.com/', HOOK_URL_RULE],
    ['url', '', EMPTY],
    ['name', 'audit', {value: 'audit'}],
    ['name', '', EMPTY],
    ['description', 'Ships events to the audit service', {value: 'Ships events to the audit service'}],
    ['description', '', {value: ''}],
    ['branch_filter_strategy', 'wildcard', {value: 'wildcard'}],
    ['branch_filter_strategy', 'all_branches', {value: 'all_branches'}],
    ['branch_filter_strategy', 'glob', /must be one of wildcard, regex, all_branches/],
    ['push_events_branch_filter', '^release/', {value: '^release/'}],
    ['push_events_branch_filter', '', {value: ''}],
    ['push_events', 'false', {value: false}],
    ['push_events', 'off', /true or false/],
    ['tag_push_events', 'true', {value: true}],
    ['merge_requests_events', 'true', {value: true}],
    ['repository_update_events', 'false', {value: false}],
    ['enable_ssl_verification', 'false', {value: false}],
    ['token', 'hook-secret-Zq81vX', {value: 'hook-secret-Zq81vX'}],
    ['token', '', {value: ''}],
  ])
  ruleTable('hook changes', HOOK_CHANGES, [
    ['url', 'https://moved.example.com/hook', {value: 'https://moved.example.com/hook'}],
    ['url', 'not a url', HOOK_URL_RULE],
    ['url', '', EMPTY],
    // "" clears them (the update takes name and description: lib/api/system_hooks.rb)
    ['name', 'audit v2', {value: 'audit v2'}],
    ['name', '', {value: ''}],
    ['description', '', {value: ''}],
    ['branch_filter_strategy', 'regex', {value: 'regex'}],
    ['branch_filter_strategy', '', EMPTY],
    ['push_events_branch_filter', '', {value: ''}],
    ['push_events', 'true', {value: true}],
    ['tag_push_events', 'false', {value: false}],
    ['merge_requests_events', 'yes', /true or false/],
    ['repository_update_events', 'true', {value: true}],
    ['enable_ssl_verification', 'true', {value: true}],
    ['token', 'rotated-secret-9', {value: 'rotated-secret-9'}],
    ['token', '', {value: ''}],
  ])
  ruleTable('URL variable key', URL_VARIABLE_KEY, [
    ['key', 'api_key', {value: 'api_key'}],
    ['key', '', EMPTY],
  ])
  ruleTable('URL variable', URL_VARIABLE, [
    ['key', 'tenant', {value: 'tenant'}],
    ['key', ' ', EMPTY],
    ['value', 'acme-prod', {value: 'acme-prod'}],
    ['value', '-', {value: '-'}],
    ['value', '', EMPTY],
  ])
})

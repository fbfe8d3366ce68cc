import {describe} from 'vitest'
import {DRAFT_NOTE_CHANGES, MERGE_REQUEST, NEW_DRAFT_NOTE, POSITION} from '../../../src/api/draft-notes.js'
import {ITERATION_FILTERS} from '../../../src/api/iterations.js'
import {MILESTONE_CHANGES, MILESTONE_FILTERS, NEW_MILESTONE} from '../../../src/api/milestones.js'
import {NEW_WIKI_PAGE, WIKI_ATTACHMENT, WIKI_LIST_OPTIONS, WIKI_PAGE, WIKI_PAGE_CHANGES, WIKI_READ} from '../../../src/api/wikis.js'
import {ruleTable} from '../../helpers/input-rules.js'

const EMPTY = /must not be empty/
const SHA = /must be a hexadecimal SHA of 7 to 64 digits/
const DATE = /must be a date as YYYY-MM-DD/
const DATETIME = /must be an ISO 8601 date-time/
const BOOLEAN = /must be true or false/

describe('wikis inputs', () => {
  ruleTable('wiki page', WIKI_PAGE, [
    ['slug', 'docs/setup', {value: 'docs/setup'}],
    ['slug', 'docs%2Fsetup', {value: 'docs%2Fsetup'}],
    ['slug', '', EMPTY],
    ['slug', ' ', EMPTY],
  ])
  ruleTable('wiki list options', WIKI_LIST_OPTIONS, [
    ['with_content', 'true', {value: true}],
    ['with_content', 'yes', BOOLEAN],
  ])
  ruleTable('wiki read', WIKI_READ, [
    ['slug', 'home', {value: 'home'}],
    ['slug', '', EMPTY],
    ['render_html', 'false', {value: false}],
    ['render_html', '', EMPTY],
    ['version', '4f8a0c1', {value: '4f8a0c1'}],
    ['version', 'A'.repeat(64), {value: 'A'.repeat(64)}],
    ['version', '4f8a0c', SHA],
    ['version', 'a'.repeat(65), SHA],
    ['version', 'yesterday', SHA],
    ['version', '', EMPTY],
  ])
  ruleTable('new wiki page', NEW_WIKI_PAGE, [
    ['title', 'docs/setup', {value: 'docs/setup'}],
    ['title', 'Release process', {value: 'Release process'}],
    ['title', '', EMPTY],
    ['content', '# Setup\n', {value: '# Setup\n'}],
    ['content', '', EMPTY],
    ['content', '\n', EMPTY],
    ['format', 'asciidoc', {value: 'asciidoc'}],
    ['format', 'org', {value: 'org'}],
    ['format', 'textile', /must be one of markdown, rdoc, asciidoc, org/],
    ['format', '', EMPTY],
  ])
  ruleTable('wiki page changes', WIKI_PAGE_CHANGES, [
    ['slug', 'home', {value: 'home'}],
    ['slug', '', EMPTY],
    ['title', 'guides/From file', {value: 'guides/From file'}],
    ['title', '', EMPTY],
    ['content', 'new text', {value: 'new text'}],
    ['content', '', {value: ''}],
    ['format', 'rdoc', {value: 'rdoc'}],
    ['format', 'Markdown', /must be one of markdown/],
  ])
  ruleTable('wiki attachment', WIKI_ATTACHMENT, [
    ['file', 'diagram.png', {value: 'diagram.png'}],
    ['file', '', EMPTY],
    ['branch', 'docs', {value: 'docs'}],
    ['branch', 'release/2026-01', {value: 'release/2026-01'}],
    ['branch', '', EMPTY],
  ])
})

describe('draft-notes inputs', () => {
  ruleTable('merge request', MERGE_REQUEST, [
    ['merge_request_iid', '11', {value: '11'}],
    ['merge_request_iid', '0', /must be a positive whole number/],
    ['merge_request_iid', '!11', /must be a positive whole number/],
    ['merge_request_iid', '', EMPTY],
  ])
  ruleTable('new draft note', NEW_DRAFT_NOTE, [
    ['merge_request_iid', '1', {value: '1'}],
    ['merge_request_iid', '-1', /must be a positive whole number/],
    ['note', 'Off by one?', {value: 'Off by one?'}],
    ['note', '', EMPTY],
    ['note', ' \n', EMPTY],
    ['commit_id', '9c8b7a6', {value: '9c8b7a6'}],
    ['commit_id', '', EMPTY],
    ['in_reply_to_discussion_id', '0a1b2c3d', {value: '0a1b2c3d'}],
    ['in_reply_to_discussion_id', '', EMPTY],
    ['resolve_discussion', 'true', {value: true}],
    ['resolve_discussion', 'resolved', BOOLEAN],
  ])
  ruleTable('draft note changes', DRAFT_NOTE_CHANGES, [
    ['merge_request_iid', '2', {value: '2'}],
    ['merge_request_iid', 'x', /must be a positive whole number/],
    ['note', 'second words', {value: 'second words'}],
    ['note', '', EMPTY],
  ])
  ruleTable('position', POSITION, [
    ['base_sha', '5d6e9a1', {value: '5d6e9a1'}],
    ['base_sha', 'main', SHA],
    ['base_sha', '', EMPTY],
    ['head_sha', '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b', {value: '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b'}],
    ['head_sha', '9c8b7a', SHA],
    ['start_sha', '5D6E9A1', {value: '5D6E9A1'}],
    ['start_sha', '5d6e9a1g', SHA],
    ['position_type', 'text', {value: 'text'}],
    ['position_type', 'image', {value: 'image'}],
    ['position_type', 'file', {value: 'file'}],
    ['position_type', 'video', /must be one of text, image, file/],
    ['new_path', 'src/pricing.ts', {value: 'src/pricing.ts'}],
    ['new_path', '', EMPTY],
    ['old_path', 'src/pricing.ts', {value: 'src/pricing.ts'}],
    ['old_path', ' ', EMPTY],
    ['new_line', '1', {value: 1}],
    ['new_line', '0', /must be a whole number, 1 or more/],
    ['new_line', '1.5', /must be a whole number/],
    ['old_line', '4', {value: 4}],
    ['old_line', '-4', /must be a whole number, 1 or more/],
    ['line_range', '{"start":{"new_line":10},"end":{"new_line":12}}', {value: {start: {new_line: 10}, end: {new_line: 12}}}],
    ['line_range', '[1,2]', /must be a JSON object/],
    ['line_range', 'null', /must be a JSON object/],
    ['line_range', '{start: 1}', /must be a JSON object/],
    ['width', '640', {value: 640}],
    ['width', '0', /must be a whole number, 1 or more/],
    ['height', '1', {value: 1}],
    ['height', 'tall', /must be a whole number/],
    ['x', '12.5', {value: 12.5}],
    ['x', '0', {value: 0}],
    ['x', '-0.5', /must be a number, 0 or more/],
    ['x', 'left', /must be a number, 0 or more/],
    ['y', '40', {value: 40}],
    ['y', 'Infinity', /must be a number, 0 or more/],
    ['y', '', EMPTY],
  ])
})

describe('milestones inputs', () => {
  ruleTable('milestone filters', MILESTONE_FILTERS, [
    ['iids', '1,3', {value: ['1', '3']}],
    ['iids', '1,x', /must be milestone IIDs \(positive whole numbers\)/],
    ['iids', '0', /must be milestone IIDs/],
    ['iids', '', EMPTY],
    ['state', 'active', {value: 'active'}],
    ['state', 'closed', {value: 'closed'}],
    ['state', 'opened', /must be one of active, closed/],
    ['title', 'Release 1.0', {value: 'Release 1.0'}],
    ['title', '', EMPTY],
    ['search', 'NEW API', {value: 'NEW API'}],
    ['search', '', {value: ''}],
    ['search_title', 'release+2', {value: 'release+2'}],
    ['search_title', '', {value: ''}],
    ['include_parent_milestones', 'true', {value: true}],
    ['include_parent_milestones', 'on', BOOLEAN],
    ['include_ancestors', 'false', {value: false}],
    ['include_ancestors', '1', BOOLEAN],
    ['include_descendants', 'true', {value: true}],
    ['include_descendants', 'no', BOOLEAN],
    ['updated_before', '2026-01-20', {value: '2026-01-20'}],
    ['updated_before', '2026-13-01', /there is no month 13/],
    ['updated_after', '2026-03-01T00:00:00Z', {value: '2026-03-01T00:00:00Z'}],
    ['updated_after', 'yesterday', DATETIME],
    ['containing_date', '2027-02-15', {value: '2027-02-15'}],
    ['containing_date', 'next week', DATETIME],
    ['start_date', '2026-05-01T00:00:00+02:00', {value: '2026-05-01T00:00:00+02:00'}],
    ['start_date', '', EMPTY],
    ['end_date', '2026-05-31 23:59', {value: '2026-05-31 23:59'}],
    ['end_date', '31/05/2026', DATETIME],
  ])
  ruleTable('new milestone', NEW_MILESTONE, [
    ['title', 'Release 3.0', {value: 'Release 3.0'}],
    ['title', '', EMPTY],
    ['title', '  ', EMPTY],
    ['description', 'Far away', {value: 'Far away'}],
    ['description', '', {value: ''}],
    ['due_date', '2028-02-29', {value: '2028-02-29'}],
    ['due_date', '2027-02-29', /^there is no such day: February 2027 has 28 days$/],
    ['due_date', '2027-06-31', /^there is no such day: June 2027 has 30 days$/],
    ['due_date', '2027-00-10', /^there is no month 00: months run from 01 to 12$/],
    ['due_date', '', EMPTY],
    ['start_date', '2027-04-01', {value: '2027-04-01'}],
    ['start_date', '2027-04-01T10:00:00Z', DATE],
  ])
  ruleTable('milestone changes', MILESTONE_CHANGES, [
    ['title', 'Renamed', {value: 'Renamed'}],
    ['title', '', EMPTY],
    ['description', 'new words', {value: 'new words'}],
    ['description', '', {value: ''}],
    ['due_date', '2027-05-31', {value: '2027-05-31'}],
    ['due_date', '', {value: ''}],
    ['due_date', '2027-5-31', DATE],
    ['start_date', '2027-05-01', {value: '2027-05-01'}],
    ['start_date', '', {value: ''}],
    ['start_date', 'May 1', DATE],
    ['state_event', 'close', {value: 'close'}],
    ['state_event', 'activate', {value: 'activate'}],
    ['state_event', 'reopen', /must be one of close, activate/],
    ['state_event', '', EMPTY],
  ])
})

describe('iterations inputs', () => {
  ruleTable('iteration filters', ITERATION_FILTERS, [
    ['state', 'opened', {value: 'opened'}],
    ['state', 'all', {value: 'all'}],
    ['state', 'active', /must be one of opened, upcoming, current, closed, all/],
    ['search', 'sprint', {value: 'sprint'}],
    ['search', '', {value: ''}],
    ['in', 'title,cadence_title', {value: ['title', 'cadence_title']}],
    ['in', 'description', /must be one or more of title, cadence_title/],
    ['in', '', EMPTY],
    ['include_ancestors', 'false', {value: false}],
    ['include_ancestors', 'nope', BOOLEAN],
    ['include_descendants', 'true', {value: true}],
    ['include_descendants', 'TRUE', BOOLEAN],
    ['updated_before', '2026-01-10', {value: '2026-01-10'}],
    ['updated_before', '2026-01-32', /^there is no such day: January 2026 has 31 days$/],
    ['updated_after', '2026-02-01T00:00:00Z', {value: '2026-02-01T00:00:00Z'}],
    ['updated_after', 'yesterday', DATETIME],
  ])
})

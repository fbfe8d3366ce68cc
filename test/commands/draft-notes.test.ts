import {describe, expect, it} from 'vitest'
import type {DraftNote} from '../../src/api/draft-notes.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

/** the fields these tests read; the API's record has more (compared whole with toEqual) */

interface Note {
  id: number
  body: string
  type: string
  discussion_id: string
  resolved: boolean
  author: {username: string}
}

const sb = useSandbox()
const developer: SandboxRunOptions = {as: 'developer'}
const maintainer: SandboxRunOptions = {as: 'maintainer'}

const SHA = {base: '5d6e9a1b2c3f4e5d6a7b8c9d0e1f2a3b4c5d6e7f', head: '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b'}
const SHAS = ['--position-base-sha', SHA.base, '--position-start-sha', SHA.base, '--position-head-sha', SHA.head]
/** the seeded merge request that bob (developer) and dave (maintainer) both review */
const MR = ['-p', 'acme/platform/api', '--mr', '1']
const SEEDED_THREAD = '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567'

const draftsPath = (project: string, iid: number) => `/projects/${encodeURIComponent(project)}/merge_requests/${iid}/draft_notes`
const draftsOf = async (options: SandboxRunOptions, project = 'acme/platform/api', iid = 1) => (await sb.api<DraftNote[]>('GET', draftsPath(project, iid), {as: options.as ?? 'developer'})).body
const notesOf = async (project: string, iid: number) => (await sb.api<Note[]>('GET', `/projects/${encodeURIComponent(project)}/merge_requests/${iid}/notes`, {as: 'owner'})).body

async function create(args: string[], options: SandboxRunOptions = developer): Promise<DraftNote> {
  const result = await sb.run(['draft-notes', 'create', ...args, '--json'], options)
  expect(result.code, result.stderr).toBe(0)
  return result.json<DraftNote>()
}

describe('draft-notes list and get: each author sees only their own drafts', () => {
  it("lists the caller's drafts exactly as the API does, and another reviewer sees only theirs", async () => {
    const mine = await sb.run(['draft-notes', 'list', ...MR, '--json'], developer)
    expect(mine.code, mine.stderr).toBe(0)
    expect(mine.json()).toEqual(await draftsOf(developer))
    expect(mine.json<DraftNote[]>().map(d => d.note)).toEqual(['Should this limit be configurable per token?', 'Looks good overall; a few nits below.'])
    const theirs = await sb.run(['draft-notes', 'list', ...MR, '--json'], maintainer)
    expect(theirs.json<DraftNote[]>().map(d => d.note)).toEqual(['Blocking: the Retry-After header is missing on 429.'])
    expect(theirs.json<DraftNote[]>().every(d => d.author_id === 5)).toBe(true)
  })

  it('prints a table with the default columns, nested position fields included', async () => {
    const table = await sb.run(['draft-notes', 'list', ...MR, '-o', 'table'], developer)
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+note\s+position\.new_path\s+position\.new_line\s+resolve_discussion\s*$/)
    expect(table.stdout).toMatch(/Should this limit be configurable per token\?\s+app\/rate_limit\.rb\s+12\s+false/)
  })

  it('get: the API answers the draft note as an object, as the platform does; the CLI prints it', async () => {
    const [first] = await draftsOf(developer)
    const api = await sb.api<DraftNote>('GET', `${draftsPath('acme/platform/api', 1)}/${first!.id}`)
    expect(Array.isArray(api.body)).toBe(false)
    expect(api.body.id).toBe(first!.id)
    const got = await sb.run(['draft-notes', 'get', String(first!.id), ...MR, '--json'], developer)
    expect(got.code, got.stderr).toBe(0)
    expect(got.json()).toEqual(api.body)
    const table = await sb.run(['draft-notes', 'get', String(first!.id), ...MR, '-o', 'table'], developer)
    expect(table.stdout).toMatch(/^note\s+Should this limit/m)
  })

  it("another author's draft is not found (exit 3), and neither is a private project for an outsider", async () => {
    const [theirs] = await draftsOf(maintainer)
    const result = await sb.run(['draft-notes', 'get', String(theirs!.id), ...MR], developer)
    expect(result.code).toBe(3)
    // the platform's bare "404 Not found", with what it means on this endpoint
    expect(result.stderr).toContain(
      `404 Not Found: Not found (GET /api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/1/draft_notes/${theirs!.id}): you have no draft note ${theirs!.id} on this merge request; a draft is seen by its author only`,
    )
    expect(result.stdout).toBe('')
    const outsider = await sb.run(['draft-notes', 'list', ...MR], {as: 'outsider'})
    expect(outsider.code).toBe(3)
    expect(outsider.stderr).toContain('Project Not Found')
    const noMr = await sb.run(['draft-notes', 'list', '-p', '20', '--mr', '99'], developer)
    expect(noMr.code).toBe(3)
    expect(noMr.stderr).toContain('Merge Request Not Found')
  })
})

describe('draft-notes create', () => {
  it('without a position makes a regular discussion note: its position is {}', async () => {
    const draft = await create(['-p', 'acme/website', '--mr', '1', '--note', 'Nice redesign.'])
    expect(draft).toMatchObject({note: 'Nice redesign.', author_id: 3, resolve_discussion: false, discussion_id: null, line_code: null})
    expect(draft.position).toEqual({})
    const got = await sb.run(['draft-notes', 'get', String(draft.id), '-p', 'acme/website', '--mr', '1', '--json'], developer)
    expect(got.json()).toEqual(draft)
  })

  it('on a text line of the diff, with a multi-line range, sends the position hash', async () => {
    const range = {start: {line_code: 'abc_10_10', type: 'new', new_line: 10}, end: {line_code: 'abc_12_12', type: 'new', new_line: 12}}
    const draft = await create([
      '-p',
      'acme/website',
      '--mr',
      '1',
      '--note',
      'Off by one?',
      '--position-position-type',
      'text',
      ...SHAS,
      '--position-new-path',
      'src/pricing.ts',
      '--position-old-path',
      'src/pricing.ts',
      '--position-new-line',
      '12',
      '--position-line-range',
      JSON.stringify(range),
      '--commit-id',
      SHA.head,
    ])
    expect(draft.position).toEqual({
      base_sha: SHA.base,
      start_sha: SHA.base,
      head_sha: SHA.head,
      old_path: 'src/pricing.ts',
      new_path: 'src/pricing.ts',
      position_type: 'text',
      old_line: null,
      new_line: 12,
      line_range: range,
    })
    expect(draft.commit_id).toBe(SHA.head)
    expect(draft.line_code).toMatch(/^[0-9a-f]{40}__12$/)
  })

  it('on an image, with --position-type (the alias) and float coordinates', async () => {
    const draft = await create([
      '-p',
      'acme/website',
      '--mr',
      '1',
      '--note',
      'Logo is blurry',
      '--position-type',
      'image',
      ...SHAS,
      '--position-new-path',
      'public/logo.png',
      '--position-width',
      '640',
      '--position-height',
      '480',
      '--position-x',
      '12.5',
      '--position-y',
      '40',
    ])
    expect(draft.position).toMatchObject({position_type: 'image', width: 640, x: 12.5, new_line: null})
  })

  it('a file position needs no paths; a reply joins the thread and can resolve it', async () => {
    const file = await create(['-p', 'acme/website', '--mr', '1', '--note', 'Whole file', '--position-type', 'file', ...SHAS])
    expect(file.position).toMatchObject({position_type: 'file', new_path: null, old_path: null})
    const reply = await create([...MR, '--note', 'Added them.', '--in-reply-to-discussion-id', SEEDED_THREAD, '--resolve-discussion'], maintainer)
    expect(reply).toMatchObject({discussion_id: SEEDED_THREAD, resolve_discussion: true})
    const lost = await sb.run(['draft-notes', 'create', ...MR, '--note', 'x', '--in-reply-to-discussion-id', 'no-such-thread'], developer)
    expect(lost.code).toBe(6)
    expect(lost.stderr).toContain('400 Bad Request: Thread to reply to cannot be found (POST')
  })

  it('reads the note from a file or standard input', async () => {
    const draft = await create(['-p', 'acme/website', '--mr', '1', '--note-file', '-'], {...developer, stdin: 'From stdin\nwith two lines'})
    expect(draft.note).toBe('From stdin\nwith two lines')
  })

  it('anyone who can comment may draft: a non-member on a public project, a Reporter on a private one', async () => {
    const outsider = await create(['-p', 'opensource/tool', '--mr', '1', '--note', 'Drive-by review'], {as: 'outsider'})
    expect(outsider.author_id).toBe(4)
    const reporter = await create(['-p', 'acme/website', '--mr', '1', '--note', 'Reporter here'], {as: 'reporter'})
    expect(reporter.author_id).toBe(6)
  })

  it('lists the position flags under their own heading in the help', async () => {
    const help = await sb.run(['draft-notes', 'create', '--help'])
    const [flags, position] = help.stdout.split('\nFLAGS\n')[1]!.split('POSITION FLAGS')
    expect(position).toMatch(/--position-position-type=text\|image\|file\s+position\[position_type\]/)
    expect(position).toContain('--position-x=N')
    expect(flags).not.toContain('--position-')
  })

  it('--dry-run shows the nested position and sends nothing', async () => {
    const {result, requests} = await sb.runCounted(['draft-notes', 'create', ...MR, '--note', 'dry', '--position-type', 'file', ...SHAS, '--dry-run'], developer)
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/1/draft_notes`)
    expect(result.stderr).toContain(`"note":"dry","position":{"base_sha":"${SHA.base}","head_sha":"${SHA.head}","start_sha":"${SHA.base}","position_type":"file"}`)
    expect(result.stderr).not.toContain('sandbox-developer-token')
  })
})

describe('draft-notes local validation: exit 2, nothing sent', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['--mr zero', ['create', '-p', '20', '--mr', '0', '--note', 'x'], /--mr "0": must be a positive whole number/],
    ['--mr not a number', ['list', '-p', '20', '--mr', 'abc'], /--mr "abc": must be a positive whole number/],
    ['an empty --mr', ['get', '7', '-p', '20', '--mr', ''], /--mr "": must not be empty/],
    ['a missing --mr', ['publish-all', '-p', '20'], /missing --mr \(merge request IID \(its number within the project\)\)/],
    [
      'a position without its SHAs',
      ['create', ...MR, '--note', 'x', '--position-type', 'text', '--position-new-path', 'a'],
      /a position needs .*missing: --position-base-sha, --position-head-sha, --position-start-sha/,
    ],
    ['a position without a type', ['create', ...MR, '--note', 'x', ...SHAS], /missing: --position-position-type/],
    [
      'a text position without paths',
      ['create', ...MR, '--note', 'x', '--position-type', 'text', ...SHAS, '--position-new-line', '3'],
      /a text position needs --position-new-path and --position-old-path; missing: --position-new-path, --position-old-path/,
    ],
    [
      'line numbers on an image',
      ['create', ...MR, '--note', 'x', '--position-type', 'image', ...SHAS, '--position-new-line', '3'],
      /--position-new-line: for text positions only, and this one is image/,
    ],
    [
      'image geometry on text',
      ['create', ...MR, '--note', 'x', '--position-type', 'text', ...SHAS, '--position-new-path', 'a', '--position-old-path', 'a', '--position-x', '3'],
      /--position-x: for image positions only, and this one is text/,
    ],
    ['a line range that is not a JSON object', ['create', ...MR, '--note', 'x', '--position-line-range', '[1,2]'], /--position-line-range "\[1,2\]": must be a JSON object such as \{"start"/],
    ['an unknown position type', ['create', ...MR, '--note', 'x', '--position-type', 'video'], /--position-position-type "video": must be one of text, image, file/],
    ['a SHA that is not hexadecimal', ['create', ...MR, '--note', 'x', '--position-base-sha', 'main'], /--position-base-sha "main": must be a hexadecimal SHA of 7 to 64 digits/],
    ['a coordinate that is not a number', ['create', ...MR, '--note', 'x', '--position-x', 'left'], /--position-x "left": must be a number, 0 or more/],
    ['a negative coordinate', ['create', ...MR, '--note', 'x', '--position-y', '-1'], /--position-y "-1": must be a number, 0 or more/],
    ['a line number of 0', ['create', ...MR, '--note', 'x', '--position-new-line', '0'], /--position-new-line "0": must be a whole number, 1 or more/],
    ['create without a note', ['create', ...MR], /missing --note or --note-file \(the text of the note\)/],
    ['an empty note', ['create', ...MR, '--note', '  '], /--note " {2}": must not be empty/],
    ['an empty note file', ['create', ...MR, '--note-file', '/dev/null'], /--note-file \/dev\/null: must not be empty/],
    ['an empty discussion ID', ['create', ...MR, '--note', 'x', '--in-reply-to-discussion-id', ''], /--in-reply-to-discussion-id "": must not be empty/],
    ['an empty path in a position', ['create', ...MR, '--note', 'x', '--position-new-path', ''], /--position-new-path "": must not be empty/],
    ['update without a note', ['update', '601', ...MR], /missing --note or --note-file \(the new text of the note/],
    ['update of the position alone (the platform needs the text too)', ['update', '601', ...MR, '--position-type', 'file', ...SHAS], /missing --note or --note-file \(the new text of the note/],
    ['update to an empty note', ['update', '601', ...MR, '--note', ''], /--note "": must not be empty/],
    ['a bad NOTE_ID', ['get', 'x1', ...MR], /NOTE_ID "x1": must be a positive whole number/],
  ]
  for (const [name, args, message] of cases) {
    it(`refuses ${name}`, async () => {
      const {result, requests} = await sb.runCounted(['draft-notes', ...args], developer)
      expect(result.code, result.stderr).toBe(2)
      expect(result.stderr).toMatch(message)
      expect(requests).toBe(0)
    })
  }
})

describe('draft-notes update and delete', () => {
  it('changes the text, then replaces the position', async () => {
    const draft = await create(['-p', 'acme/website', '--mr', '1', '--note', 'first words'])
    const ref = ['-p', 'acme/website', '--mr', '1']
    const text = await sb.run(['draft-notes', 'update', String(draft.id), ...ref, '--note', 'second words', '--json'], developer)
    expect(text.code, text.stderr).toBe(0)
    expect(text.json<DraftNote>()).toMatchObject({note: 'second words', position: {}})
    const moved = await sb.run(
      [
        'draft-notes',
        'update',
        String(draft.id),
        ...ref,
        '--note',
        'second words',
        '--position-type',
        'text',
        ...SHAS,
        '--position-new-path',
        'a.ts',
        '--position-old-path',
        'a.ts',
        '--position-old-line',
        '4',
        '--json',
      ],
      developer,
    )
    expect(moved.json<DraftNote>()).toMatchObject({note: 'second words', position: {new_path: 'a.ts', old_line: 4, position_type: 'text'}})
    const api = await sb.api<DraftNote>('GET', `${draftsPath('acme/website', 1)}/${draft.id}`)
    expect(api.body).toEqual(moved.json())
  })

  it('a change of text keeps the draft on its line: the position is read and sent back, since the platform clears one not sent', async () => {
    const ref = ['-p', 'acme/website', '--mr', '1']
    const draft = await create([...ref, '--note', 'on a line', '--position-type', 'text', ...SHAS, '--position-new-path', 'b.ts', '--position-old-path', 'b.ts', '--position-new-line', '8'])
    const dry = await sb.run(['draft-notes', 'update', String(draft.id), ...ref, '--note', 'reworded', '--dry-run'], developer)
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stderr).toContain('LOOKUP (sent) GET')
    expect(dry.stderr).toContain('"note":"reworded","position":{')
    const result = await sb.run(['draft-notes', 'update', String(draft.id), ...ref, '--note', 'reworded', '--json'], developer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<DraftNote>()).toMatchObject({note: 'reworded', position: {position_type: 'text', new_path: 'b.ts', new_line: 8, base_sha: SHA.base}})
    expect((await sb.api<DraftNote>('GET', `${draftsPath('acme/website', 1)}/${draft.id}`)).body.position).toEqual(draft.position)
  })

  it("cannot touch another reviewer's draft (404, exit 3)", async () => {
    const [theirs] = await draftsOf(maintainer)
    const result = await sb.run(['draft-notes', 'update', String(theirs!.id), ...MR, '--note', 'hijack'], developer)
    expect(result.code).toBe(3)
    expect(result.stderr).toContain(`you have no draft note ${theirs!.id} on this merge request`)
    expect((await draftsOf(maintainer))[0]!.note).toBe(theirs!.note)
  })

  it('refuses to delete without a terminal and without --yes, then deletes with --yes', async () => {
    const draft = await create(['-p', 'acme/website', '--mr', '1', '--note', 'doomed'])
    const ref = ['-p', 'acme/website', '--mr', '1']
    const {result: refused, requests} = await sb.runCounted(['draft-notes', 'delete', String(draft.id), ...ref], developer)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('refusing to delete draft note')
    expect(refused.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
    const deleted = await sb.run(['draft-notes', 'delete', String(draft.id), ...ref, '--yes'], developer)
    expect(deleted.code, deleted.stderr).toBe(0)
    expect(deleted.stdout).toBe('')
    expect(deleted.stderr).toMatch(new RegExp(`^Deleted draft note ${draft.id} of merge request !\\d+\\.\\n$`))
    expect((await draftsOf(developer, 'acme/website')).map(d => d.id)).not.toContain(draft.id)
  })
})

describe('draft-notes publish and publish-all', () => {
  it('publish: the draft leaves the drafts and becomes a note of the merge request', async () => {
    const draft = await create(['-p', 'opensource/tool', '--mr', '1', '--note', 'Ship it'])
    const ref = ['-p', 'opensource/tool', '--mr', '1']
    const result = await sb.run(['draft-notes', 'publish', String(draft.id), ...ref], developer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(`Published draft note ${draft.id} on merge request !1.`)
    const again = await sb.run(['draft-notes', 'get', String(draft.id), ...ref], developer)
    expect(again.code).toBe(3)
    expect((await notesOf('opensource/tool', 1)).map(n => [n.body, n.author.username])).toContainEqual(['Ship it', 'bob'])
  })

  it("publish-all publishes the caller's drafts only, reports how many, and leaves other reviewers' drafts", async () => {
    const project = 'acme/platform/api'
    const mr2 = ['-p', project, '--mr', '2']
    await create([...mr2, '--note', 'bob one'])
    await create([...mr2, '--note', 'bob two', '--position-type', 'file', ...SHAS])
    await create([...mr2, '--note', 'dave keeps this'], maintainer)
    const result = await sb.run(['draft-notes', 'publish-all', ...mr2], developer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('Published 2 draft notes on merge request !2.')
    expect(await draftsOf(developer, project, 2)).toEqual([])
    expect((await draftsOf(maintainer, project, 2)).map(d => d.note)).toEqual(['dave keeps this'])
    const notes = await notesOf(project, 2)
    expect(notes.map(n => [n.body, n.type])).toEqual([
      ['bob one', 'DiscussionNote'],
      ['bob two', 'DiffNote'],
    ])
    const nothing = await sb.run(['draft-notes', 'publish-all', ...mr2], developer)
    expect(nothing.stderr).toContain('Published 0 draft notes')
  })

  it('publishing a reply with --resolve-discussion resolves the thread', async () => {
    const [reply] = (await draftsOf(maintainer)).filter(d => d.discussion_id === SEEDED_THREAD)
    const result = await sb.run(['draft-notes', 'publish', String(reply!.id), ...MR], maintainer)
    expect(result.code, result.stderr).toBe(0)
    const thread = (await notesOf('acme/platform/api', 1)).filter(n => n.discussion_id === SEEDED_THREAD)
    expect(thread.map(n => [n.body, n.resolved])).toEqual([
      ['Please add tests for the 429 path.', true],
      ['Added them.', true],
    ])
  })

  it('--dry-run of publish-all shows the bulk_publish request alone and sends nothing', async () => {
    const {result, requests} = await sb.runCounted(['draft-notes', 'publish-all', ...MR, '--dry-run'], developer)
    expect(requests).toBe(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toContain(`DRY RUN POST ${sb.url}/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/1/draft_notes/bulk_publish`)
    expect((await draftsOf(developer)).length).toBeGreaterThan(0)
  })
})

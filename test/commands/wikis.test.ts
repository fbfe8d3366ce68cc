import {createHash, randomBytes} from 'node:crypto'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import type {WikiAttachment as Attachment, WikiPage} from '../../src/api/wikis.js'
import type {WikisState} from '../../src/sandbox/routes/wikis.js'
import {type SandboxRunOptions, useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const dir = mkdtempSync(join(tmpdir(), 'forgectl-wikis-'))
const reporter: SandboxRunOptions = {as: 'reporter'}
const maintainer: SandboxRunOptions = {as: 'maintainer'}

const pageOf = (scope: string, slug: string, query = '') => sb.api<WikiPage>('GET', `${scope}/wikis/${encodeURIComponent(slug)}${query}`)
const lastRequest = () => sb.sandbox.requests.at(-1)!
/** what the sandbox holds behind the API: page versions and attachment bytes */
const wikiState = () =>
  sb.sandbox.store.slice<WikisState>('wikis', () => {
    throw new Error('the wikis slice is not initialised')
  })
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

describe('wikis list', () => {
  it('prints exactly the API JSON of a project, without content unless asked', async () => {
    const result = await sb.run(['wikis', 'list', '-p', 'acme/platform/api', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual((await sb.api('GET', '/projects/acme%2Fplatform%2Fapi/wikis')).body)
    expect(result.json<WikiPage[]>().map(p => p.slug)).toEqual(['docs/install', 'home', 'Release-process'])
    expect(result.json<WikiPage[]>().every(p => p.content === undefined)).toBe(true)
    const full = await sb.run(['wikis', 'list', '-p', '20', '--with-content', '--json'])
    expect(lastRequest().query).toContain('with_content=true')
    expect(full.json<WikiPage[]>().find(p => p.slug === 'home')).toMatchObject({content: '# Welcome\n\nThis is the wiki of the API service.', encoding: 'UTF-8'})
  })

  it('lists a group wiki, as a table with the default columns, and slugs with -q', async () => {
    const table = await sb.run(['wikis', 'list', '-g', 'acme', '-o', 'table'])
    expect(table.code).toBe(0)
    expect(table.stdout.split('\n')[0]).toMatch(/^slug\s+title\s+format\s*$/)
    expect(table.stdout).toMatch(/Onboarding\s+Onboarding\s+markdown/)
    const quiet = await sb.run(['wikis', 'list', '-p', '20', '-q'])
    expect(quiet.stdout).toBe('docs/install\nhome\nRelease-process\n')
  })

  it('needs exactly one of -p and -g, before sending anything', async () => {
    for (const args of [
      ['wikis', 'list'],
      ['wikis', 'list', '-p', '20', '-g', 'acme'],
      ['wikis', 'get', 'home'],
    ]) {
      const {result, requests} = await sb.runCounted(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(requests).toBe(0)
    }
  })

  it('hides a private project from an outsider (404, exit 3)', async () => {
    const result = await sb.run(['wikis', 'list', '-p', '20'], {as: 'outsider'})
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('404 Not Found: Project Not Found')
  })
})

describe('wikis create and get', () => {
  it('a page in a directory round-trips: create docs/setup, get docs/setup', async () => {
    const created = await sb.run(['wikis', 'create', '-p', 'acme/platform/api', '--title', 'docs/setup', '--content', '# Setup\n\nRun it.', '--json'])
    expect(created.code, created.stderr).toBe(0)
    expect(created.json()).toMatchObject({content: '# Setup\n\nRun it.', format: 'markdown', slug: 'docs/setup', title: 'docs/setup', encoding: 'UTF-8', front_matter: {}})
    const got = await sb.run(['wikis', 'get', 'docs/setup', '-p', 'acme/platform/api', '--json'])
    expect(got.code, got.stderr).toBe(0)
    expect(lastRequest().path).toBe('/projects/acme%2Fplatform%2Fapi/wikis/docs%2Fsetup')
    expect(got.json()).toEqual(created.json())
    expect(got.json()).toEqual((await pageOf('/projects/20', 'docs/setup')).body)
    // the spec writes such slugs encoded (dir%2Fpage_name): that form works too
    const encoded = await sb.run(['wikis', 'get', 'docs%2Fsetup', '-p', '20', '--json'])
    expect(encoded.json()).toEqual(created.json())
  })

  it('turns spaces of the title into hyphens in the slug, and takes --format', async () => {
    const result = await sb.run(['wikis', 'create', '-g', 'acme', '--title', 'Coding style guide', '--content', '= Style', '--format', 'asciidoc', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<WikiPage>()).toMatchObject({slug: 'Coding-style-guide', format: 'asciidoc'})
    expect((await pageOf('/groups/acme', 'Coding-style-guide')).body.content).toBe('= Style')
  })

  it('reads the content from standard input with --content-file -, and from a file', async () => {
    const stdin = await sb.run(['wikis', 'create', '-p', '20', '--title', 'From stdin', '--content-file', '-', '--json'], {stdin: '# Piped\n\nline two\n'})
    expect(stdin.code, stdin.stderr).toBe(0)
    expect(stdin.json<WikiPage>().content).toBe('# Piped\n\nline two\n')
    const file = join(dir, 'page.md')
    writeFileSync(file, 'from a file\n')
    const fromFile = await sb.run(['wikis', 'create', '-p', '20', '--title', 'From file', '--content-file', file, '--json'])
    expect(fromFile.json<WikiPage>().content).toBe('from a file\n')
  })

  it('checks inputs locally: content required, --content and --content-file exclusive, --format enum, readable file', async () => {
    for (const [args, message] of [
      [['wikis', 'create', '-p', '20', '--title', 'x'], 'missing --content or --content-file ('],
      [['wikis', 'create', '-p', '20', '--title', 'x', '--content', 'a', '--content-file', 'b'], '--content and --content-file cannot be used together'],
      [['wikis', 'create', '-p', '20', '--title', 'x', '--content', 'a', '--format', 'textile'], '--format "textile": must be one of markdown, rdoc, asciidoc, org'],
      [['wikis', 'create', '-p', '20', '--title', 'x', '--content-file', join(dir, 'missing.md')], 'cannot read --content-file'],
      [['wikis', 'create', '-p', '20', '--content', 'a'], 'missing --title (page title)'],
      [['wikis', 'create', '-p', '20', '--title', '', '--content', 'a'], 'Error: --title "": must not be empty'],
      [['wikis', 'create', '-p', '20', '--title', 'x', '--content', ' '], 'Error: --content " ": must not be empty'],
      [['wikis', 'get', '', '-p', '20'], 'Error: SLUG "": must not be empty'],
      [['wikis', 'delete', '', '-p', '20', '--yes'], 'Error: SLUG "": must not be empty'],
      [['wikis', 'update', 'home', '-p', '20', '--title', ''], 'Error: --title "": must not be empty'],
      [['wikis', 'upload', join(dir, 'page.md'), '-p', '20', '--branch', ''], 'Error: --branch "": must not be empty'],
    ] as const) {
      const {result, requests} = await sb.runCounted([...args])
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr).toContain(message)
      expect(requests).toBe(0)
    }
  })

  it('reports a title already used (400, exit 6) and the Developer role (403, exit 5)', async () => {
    const taken = await sb.run(['wikis', 'create', '-p', '20', '--title', 'home', '--content', 'again'])
    expect(taken.code).toBe(6)
    expect(taken.stderr).toContain('400 Bad Request: Duplicate page: A page with that title already exists (POST /api/v4/projects/20/wikis)')
    const forbidden = await sb.run(['wikis', 'create', '-p', '20', '--title', 'New', '--content', 'x'], reporter)
    expect(forbidden.code).toBe(5)
    const read = await sb.run(['wikis', 'get', 'home', '-p', '20', '--json'], reporter)
    expect(read.code).toBe(0)
  })

  it('--render-html returns the content as HTML', async () => {
    const result = await sb.run(['wikis', 'get', 'home', '-p', '20', '--render-html', '--json'])
    expect(result.code).toBe(0)
    expect(lastRequest().query).toContain('render_html=true')
    expect(result.json<WikiPage>().content).toBe('<h1>Welcome</h1>\n<p>This is the wiki of the API service.</p>')
    expect(result.json()).toEqual((await pageOf('/projects/20', 'home', '?render_html=true')).body)
  })

  it('--version reads an earlier version; an unknown version is 404 (exit 3)', async () => {
    const home = wikiState().pages.find(p => p.owner === 'projects:20' && p.versions[0]!.title === 'home')!
    const first = home.versions[0]!
    const result = await sb.run(['wikis', 'get', 'home', '-p', '20', '--version', first.sha, '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<WikiPage>().content).toBe('# Welcome\n\nFirst draft.')
    const unknown = await sb.run(['wikis', 'get', 'home', '-p', '20', '--version', 'f'.repeat(40)])
    expect(unknown.code).toBe(3)
    expect(unknown.stderr).toContain('404 Not Found: Wiki Page Not Found')
    const {result: notSha, requests} = await sb.runCounted(['wikis', 'get', 'home', '-p', '20', '--version', 'yesterday'])
    expect(notSha.code).toBe(2)
    expect(notSha.stderr).toContain('--version "yesterday": must be a hexadecimal SHA of 7 to 64 digits')
    expect(requests).toBe(0)
  })
})

describe('wikis update', () => {
  it('refuses an update with neither content, title nor format before sending anything', async () => {
    const {result, requests} = await sb.runCounted(['wikis', 'update', 'home', '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('nothing to change: give at least one of --title, --content, --format')
    expect(requests).toBe(0)
  })

  it('sends a format alone: the platform takes it as a change (lib/api/wikis.rb at_least_one_of content, title, format)', async () => {
    await sb.api('POST', '/projects/20/wikis', {body: {title: 'Format only', content: '* item'}})
    const result = await sb.run(['wikis', 'update', 'Format-only', '-p', '20', '--format', 'org', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<WikiPage>()).toMatchObject({format: 'org', content: '* item'})
  })

  it("keeps the page's format when --format is not given: it reads the page and sends its format, since the platform's default would make it Markdown", async () => {
    await sb.api('POST', '/projects/20/wikis', {body: {title: 'Kept asciidoc', content: '= One', format: 'asciidoc'}})
    const dry = await sb.run(['wikis', 'update', 'Kept-asciidoc', '-p', '20', '--content', '= Two', '--dry-run'])
    expect(dry.code, dry.stderr).toBe(0)
    expect(dry.stderr).toContain('"format":"asciidoc"')
    const result = await sb.run(['wikis', 'update', 'Kept-asciidoc', '-p', '20', '--content', '= Two', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<WikiPage>()).toMatchObject({format: 'asciidoc', content: '= Two'})
    expect((await pageOf('/projects/20', 'Kept-asciidoc')).body.format).toBe('asciidoc')
  })

  it('changes the content from stdin, keeping the earlier version readable', async () => {
    const before = (await pageOf('/projects/20', 'docs/install')).body
    const result = await sb.run(['wikis', 'update', 'docs/install', '-p', '20', '--content-file', '-', '--json'], {stdin: '# Install\n\nUse the package.\n'})
    expect(result.code, result.stderr).toBe(0)
    expect(result.json()).toEqual({...before, content: '# Install\n\nUse the package.\n'})
    expect(result.json()).toEqual((await pageOf('/projects/20', 'docs/install')).body)
    const page = wikiState().pages.find(p => p.owner === 'projects:20' && p.versions.at(-1)!.title === 'docs/install')!
    expect(page.versions).toHaveLength(2)
    const old = await sb.run(['wikis', 'get', 'docs/install', '-p', '20', '--version', page.versions[0]!.sha, '--json'])
    expect(old.json<WikiPage>().content).toBe(before.content)
  })

  it('--content "" is sent: it empties the page, as the platform allows', async () => {
    const created = await sb.run(['wikis', 'create', '-p', '20', '--title', 'To be emptied', '--content', 'something'])
    expect(created.code, created.stderr).toBe(0)
    const dry = await sb.run(['wikis', 'update', 'To-be-emptied', '-p', '20', '--content', '', '--dry-run'])
    expect(dry.stderr).toContain('{"content":"","format":"markdown"}')
    const result = await sb.run(['wikis', 'update', 'To-be-emptied', '-p', '20', '--content', '', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<WikiPage>().content).toBe('')
    expect((await pageOf('/projects/20', 'To-be-emptied')).body.content).toBe('')
  })

  it('a new title moves the page to a new slug', async () => {
    const result = await sb.run(['wikis', 'update', 'From-file', '-p', '20', '--title', 'guides/From file', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(result.json<WikiPage>()).toMatchObject({slug: 'guides/From-file', content: 'from a file\n'})
    expect((await pageOf('/projects/20', 'From-file')).status).toBe(404)
    expect((await pageOf('/projects/20', 'guides/From-file')).status).toBe(200)
  })
})

describe('wikis delete', () => {
  it('refuses without --yes and without a terminal, sending nothing', async () => {
    const {result, requests} = await sb.runCounted(['wikis', 'delete', 'From-stdin', '-p', '20'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('pass --yes')
    expect(requests).toBe(0)
  })

  it('is refused to a Developer: deleting needs the Maintainer role (admin_wiki), and the page stays', async () => {
    const result = await sb.run(['wikis', 'delete', 'docs/setup', '-p', '20', '--yes'])
    expect(result.code).toBe(5)
    expect(result.stderr).toContain('403 Forbidden')
    expect((await pageOf('/projects/20', 'docs/setup')).status).toBe(200)
  })

  it('deletes a page in a directory (204, nothing on stdout)', async () => {
    const result = await sb.run(['wikis', 'delete', 'docs/setup', '-p', '20', '--yes'], maintainer)
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('Deleted wiki page "docs/setup"')
    expect((await pageOf('/projects/20', 'docs/setup')).status).toBe(404)
    const again = await sb.run(['wikis', 'delete', 'docs/setup', '-p', '20', '--yes'], maintainer)
    expect(again.code).toBe(3)
  })
})

describe('wikis upload', () => {
  const image = join(dir, 'architecture diagram.png')
  const bytes = randomBytes(300_000)
  writeFileSync(image, bytes)

  it("streams a real file as multipart; the bytes arrive intact and the answer has the spec's fields", async () => {
    const result = await sb.run(['wikis', 'upload', image, '-p', 'acme/platform/api', '--json'])
    expect(result.code, result.stderr).toBe(0)
    expect(lastRequest().contentType).toMatch(/^multipart\/form-data; boundary=/)
    const answer = result.json<Attachment>()
    expect(answer.file_name).toBe('architecture_diagram.png')
    expect(answer.file_path).toMatch(/^uploads\/[0-9a-f]{32}\/architecture_diagram\.png$/)
    expect(answer.branch).toBe('main')
    expect(answer.link).toEqual({url: answer.file_path, markdown: `![architecture_diagram](${answer.file_path})`})
    const stored = wikiState().attachments.find(a => a.file_path === answer.file_path)!
    expect(stored.owner).toBe('projects:20')
    expect(stored.data.length).toBe(bytes.length)
    expect(sha256(stored.data)).toBe(sha256(bytes))
  })

  it('uploads to a group wiki on another branch; other files get a plain link', async () => {
    const notes = join(dir, 'notes.txt')
    writeFileSync(notes, 'plain text\n')
    const result = await sb.run(['wikis', 'upload', notes, '-g', 'acme', '--branch', 'docs', '--json'])
    expect(result.code, result.stderr).toBe(0)
    const answer = result.json<Attachment>()
    expect(answer).toMatchObject({file_name: 'notes.txt', branch: 'docs'})
    expect(answer.link.markdown).toBe(`[notes.txt](${answer.file_path})`)
    expect(
      wikiState()
        .attachments.find(a => a.file_path === answer.file_path)!
        .data.toString(),
    ).toBe('plain text\n')
  })

  it('refuses a missing file or a directory before sending anything', async () => {
    for (const [file, message] of [
      [join(dir, 'nope.png'), 'cannot read FILE'],
      [dir, 'is not a regular file'],
    ] as const) {
      const {result, requests} = await sb.runCounted(['wikis', 'upload', file, '-p', '20'])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(message)
      expect(requests).toBe(0)
    }
  })

  it('--dry-run shows the form without sending; the server needs the file field (400)', async () => {
    const {result, requests} = await sb.runCounted(['wikis', 'upload', image, '-p', '20', '--dry-run'])
    expect(result.code).toBe(0)
    expect(requests).toBe(0)
    expect(result.stderr).toContain('DRY RUN POST')
    expect(result.stderr).toContain('form file=<file architecture diagram.png, 300000 bytes>')
    const missing = await sb.api<{error: string}>('POST', '/projects/20/wikis/attachments', {body: {branch: 'main'}})
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('file is missing')
  })

  it('needs the Developer role (403, exit 5)', async () => {
    const result = await sb.run(['wikis', 'upload', image, '-p', '20'], reporter)
    expect(result.code).toBe(5)
  })
})

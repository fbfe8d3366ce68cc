// Project and group wikis (document 2, "Wikis"): identical shapes under /projects/:id and /groups/:id.
// Every change of a page adds a version (a SHA) so that an earlier one can be read back; attachments
// keep their bytes so that tests can check what arrived. The platform's rules (lib/api/wikis.rb,
// app/models/wiki.rb, app/models/wiki_page.rb, test/contract/wikis.test.ts): deleting needs admin_wiki
// (Maintainer), an update without a format sets the default format (Markdown), a title is squished and
// keeps the page's directory, and a title already used (whatever its case) is refused.
import {randomBytes} from 'node:crypto'
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {type Ctx, type Input, oneOf, optionalBoolean, optionalString, type Router} from '../router.js'
import type {Store} from '../store.js'

const FORMATS = ['markdown', 'rdoc', 'asciidoc', 'org'] as const
type Format = (typeof FORMATS)[number]

interface WikiVersion {
  sha: string
  title: string
  content: string
  format: Format
}

interface WikiPageRecord {
  /** `projects:20` or `groups:10` */
  owner: string
  /** the page's WikiPage::Meta record, which answers name as wiki_page_meta_id */
  meta_id: number
  /** oldest first; the last one is the page as it is now */
  versions: WikiVersion[]
}

export interface WikiAttachmentRecord {
  owner: string
  file_name: string
  file_path: string
  branch: string
  data: Buffer
}

/** the slice, for tests that look behind the API */
export interface WikisState {
  pages: WikiPageRecord[]
  attachments: WikiAttachmentRecord[]
  /** the last WikiPage::Meta ID given (a table of its own, so the seed takes no IDs from the store's sequence) */
  lastMetaId: number
}

/** lib/gitlab/wiki_pages.rb: a page's file name, and each directory name, within common file systems' limits */
const MAX_TITLE_BYTES = 245
const MAX_DIRECTORY_BYTES = 255

const IMAGE_OR_MEDIA = /\.(png|jpe?g|gif|bmp|tiff?|ico|webp|svg|mp4|m4v|mov|webm|ogv|mp3|oga|ogg|wav|flac|aac)$/i
/** the wiki repository's default branch, where attachments go unless `branch` says otherwise */
const DEFAULT_BRANCH = 'main'

export default function register(r: Router, store: Store): void {
  const state = store.slice<WikisState>('wikis', () => seedWikis())

  const ownerOf = (ctx: Ctx, kind: 'projects' | 'groups', role: 0 | 'developer' | 'maintainer'): string => {
    // read_wiki: sight of the project or group; create_wiki (create, update, attachments): Developer; admin_wiki (delete): Maintainer
    const id = kind === 'projects' ? store.projectFor(ctx.params.id!, ctx.user, role).id : store.groupFor(ctx.params.id!, ctx.user, role).id
    return `${kind}:${id}`
  }
  const pagesOf = (owner: string) => state.pages.filter(p => p.owner === owner)
  const find = (owner: string, slug: string): WikiPageRecord => {
    const page = pagesOf(owner).find(p => slugOf(current(p).title) === slug)
    if (!page) throw notFound('Wiki Page')
    return page
  }
  // Wiki#create_page: the file is looked for case-insensitively; the message is the model's base error
  const assertFreeTitle = (owner: string, title: string, except?: WikiPageRecord) => {
    if (pagesOf(owner).some(p => p !== except && slugOf(current(p).title).toLowerCase() === slugOf(title).toLowerCase())) {
      throw invalid(400, {base: ['Duplicate page: A page with that title already exists']})
    }
  }

  for (const kind of ['projects', 'groups'] as const) {
    const base = `/${kind}/:id/wikis`

    r.get(base, ctx => {
      const owner = ownerOf(ctx, kind, 0)
      const withContent = optionalBoolean(ctx.input, 'with_content') ?? false
      const pages = pagesOf(owner).sort((a, b) => slugOf(current(a).title).localeCompare(slugOf(current(b).title)))
      // the platform sends every page at once, without pagination headers
      return ok(pages.map(page => (withContent ? render(page) : basic(page))))
    })

    r.get(`${base}/:slug`, ctx => {
      const page = find(ownerOf(ctx, kind, 0), ctx.params.slug!)
      const version = optionalString(ctx.input, 'version')
      const shown = version === undefined ? current(page) : page.versions.find(v => v.sha === version)
      if (!shown) throw notFound('Wiki Page')
      const html = optionalBoolean(ctx.input, 'render_html') ?? false
      return ok({...render(page, shown), slug: slugOf(current(page).title), ...(html ? {content: toHtml(shown)} : {})})
    })

    r.post(base, ctx => {
      const owner = ownerOf(ctx, kind, 'developer')
      // `requires` takes an empty string: an empty content is a page, an empty title the model's error
      const title = validTitle(present(ctx.input, 'title'))
      const content = present(ctx.input, 'content')
      const format = oneOf(ctx.input, 'format', FORMATS) ?? 'markdown'
      assertFreeTitle(owner, title)
      const page: WikiPageRecord = {owner, meta_id: ++state.lastMetaId, versions: []}
      addVersion(page, {title, content, format})
      state.pages.push(page)
      return created(render(page))
    })

    r.put(`${base}/:slug`, ctx => {
      const owner = ownerOf(ctx, kind, 'developer')
      const page = find(owner, ctx.params.slug!)
      const content = optionalString(ctx.input, 'content')
      const given = optionalString(ctx.input, 'title')
      // format's default ('markdown') fills the params before at_least_one_of looks: an update always
      // has a format, and one without it turns the page into Markdown
      const format = oneOf(ctx.input, 'format', FORMATS) ?? 'markdown'
      const now = current(page)
      const title = given === undefined || given.trim() === '' ? now.title : validTitle(inDirectoryOf(now.title, given))
      if (title !== now.title) assertFreeTitle(owner, title, page)
      addVersion(page, {title, content: content ?? now.content, format})
      return ok(render(page))
    })

    r.delete(`${base}/:slug`, ctx => {
      const page = find(ownerOf(ctx, kind, 'maintainer'), ctx.params.slug!)
      state.pages.splice(state.pages.indexOf(page), 1)
      return noContent()
    })

    r.post(`${base}/attachments`, ctx => {
      const owner = ownerOf(ctx, kind, 'developer')
      const file = ctx.files.file
      if (!file) throw badRequest('file is missing')
      const branch = optionalString(ctx.input, 'branch') ?? DEFAULT_BRANCH
      const fileName = file.name.replace(/[^\w.-]/g, '_') || 'file'
      const filePath = `uploads/${randomBytes(16).toString('hex')}/${fileName}`
      state.attachments.push({owner, file_name: fileName, file_path: filePath, branch, data: file.data})
      // Images and media embed (alt text: the name without its extension); other files are plain links.
      const markdown = IMAGE_OR_MEDIA.test(fileName) ? `![${fileName.replace(/\.[^.]*$/, '')}](${filePath})` : `[${fileName}](${filePath})`
      return created({file_name: fileName, file_path: filePath, branch, link: {url: filePath, markdown}})
    })
  }
}

/** spaces become hyphens; a title such as dir/page keeps its directory */
function slugOf(title: string): string {
  return title.trim().replace(/\s+/g, '-')
}

/** present in the params (Grape's `requires`), an empty string included */
function present(input: Input, name: string): string {
  if (input[name] === undefined || input[name] === null) throw badRequest(`${name} is missing`)
  return optionalString(input, name)!
}

/** WikiPage#deep_title_squish: each part of the path squished; then the title's validations */
function validTitle(raw: string): string {
  const title = raw
    .split('/')
    .map(part => part.trim().replace(/\s+/g, ' '))
    .join('/')
  if (title === '') throw invalid(400, {title: ["can't be blank"]})
  const parts = title.split('/')
  const name = parts.pop()!
  const problems: string[] = []
  if (Buffer.byteLength(name) > MAX_TITLE_BYTES) problems.push(`exceeds the limit of ${MAX_TITLE_BYTES} bytes`)
  for (const dir of parts) if (Buffer.byteLength(dir) > MAX_DIRECTORY_BYTES) problems.push(`exceeds the limit of ${MAX_DIRECTORY_BYTES} bytes for directory name "${dir}"`)
  if (problems.length > 0) throw invalid(400, {title: problems})
  return title
}

/** WikiPage#process_title of a page that exists: a bare title stays in the page's directory, a leading / leaves it */
function inDirectoryOf(currentTitle: string, title: string): string {
  if (title.startsWith('/')) return title.slice(1)
  if (title.includes('/')) return title
  const dir = currentTitle.includes('/') ? currentTitle.slice(0, currentTitle.lastIndexOf('/')) : ''
  return dir === '' ? title : `${dir}/${title}`
}

function current(page: WikiPageRecord): WikiVersion {
  return page.versions.at(-1)!
}

/** a version is named by a commit SHA of the wiki repository */
function addVersion(page: WikiPageRecord, change: Omit<WikiVersion, 'sha'>): void {
  page.versions.push({...change, sha: randomBytes(20).toString('hex')})
}

/** Entities::WikiPageBasic */
function basic(page: WikiPageRecord, v = current(page)) {
  return {format: v.format, slug: slugOf(v.title), title: v.title, wiki_page_meta_id: page.meta_id}
}

/** Entities::WikiPage: the raw content (front matter included), and the front matter parsed */
function render(page: WikiPageRecord, v = current(page)) {
  return {...basic(page, v), content: v.content, encoding: 'UTF-8', front_matter: frontMatterOf(v.content)}
}

/** the `---` block that opens a page, read as flat `key: value` lines (enough for the sandbox's pages) */
function frontMatterOf(content: string): Record<string, string> {
  const block = /^---\n([\s\S]*?)\n---\n/.exec(content)
  if (!block) return {}
  const entries = block[1]!.split('\n').flatMap(line => {
    const pair = /^([\w-]+):\s*(.*)$/.exec(line)
    return pair ? [[pair[1]!, pair[2]!.replace(/^(['"])(.*)\1$/, '$2')] as const] : []
  })
  return Object.fromEntries(entries)
}

/** enough of a renderer for the sandbox: headings and paragraphs of Markdown, escaped text otherwise */
function toHtml(v: WikiVersion): string {
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return v.content
    .split(/\n{2,}/)
    .filter(block => block.trim() !== '')
    .map(block => {
      const heading = v.format === 'markdown' ? /^(#{1,6})\s+(.*)$/.exec(block.trim()) : null
      return heading ? `<h${heading[1]!.length}>${escapeHtml(heading[2]!)}</h${heading[1]!.length}>` : `<p>${escapeHtml(block.trim())}</p>`
    })
    .join('\n')
}

function seedWikis(): WikisState {
  const state: WikisState = {pages: [], attachments: [], lastMetaId: 0}
  const page = (owner: string, ...versions: Array<[title: string, content: string]>) => {
    const record: WikiPageRecord = {owner, meta_id: ++state.lastMetaId, versions: []}
    for (const [title, content] of versions) addVersion(record, {title, content, format: 'markdown'})
    state.pages.push(record)
  }
  page('projects:20', ['home', '# Welcome\n\nFirst draft.'], ['home', '# Welcome\n\nThis is the wiki of the API service.'])
  page('projects:20', ['Release process', '1. Tag\n2. Build\n3. Announce'])
  page('projects:20', ['docs/install', '# Install\n\nRun `make install`.'])
  page('projects:22', ['home', '# Tool\n\nAn open-source tool.'])
  page('groups:10', ['Onboarding', '# Onboarding\n\nRead the handbook first.'])
  return state
}

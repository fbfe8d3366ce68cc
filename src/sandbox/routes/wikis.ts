// Project and group wikis (document 2, "Wikis"): identical shapes under /projects/:id and /groups/:id.
// Every change of a page adds a version (a SHA) so that an earlier one can be read back; attachments
// keep their bytes so that tests can check what arrived.
import {randomBytes} from 'node:crypto'
import {badRequest, created, invalid, noContent, notFound, ok} from '../http.js'
import {type Ctx, oneOf, optionalBoolean, optionalString, type Router, requireString} from '../router.js'
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
}

const IMAGE_OR_MEDIA = /\.(png|jpe?g|gif|bmp|tiff?|ico|webp|svg|mp4|m4v|mov|webm|ogv|mp3|oga|ogg|wav|flac|aac)$/i
/** the wiki repository's default branch, where attachments go unless `branch` says otherwise */
const DEFAULT_BRANCH = 'main'

export default function register(r: Router, store: Store): void {
  const state = store.slice<WikisState>('wikis', () => seedWikis())

  const ownerOf = (ctx: Ctx, kind: 'projects' | 'groups', write: boolean): string => {
    // Reading needs only sight of the project or group (Guest, or anyone when public); writing needs Developer.
    const role = write ? 'developer' : 0
    const id = kind === 'projects' ? store.projectFor(ctx.params.id!, ctx.user, role).id : store.groupFor(ctx.params.id!, ctx.user, role).id
    return `${kind}:${id}`
  }
  const pagesOf = (owner: string) => state.pages.filter(p => p.owner === owner)
  const find = (owner: string, slug: string): WikiPageRecord => {
    const page = pagesOf(owner).find(p => slugOf(current(p).title) === slug)
    if (!page) throw notFound('Wiki Page')
    return page
  }
  const assertFreeTitle = (owner: string, title: string, except?: WikiPageRecord) => {
    if (pagesOf(owner).some(p => p !== except && slugOf(current(p).title) === slugOf(title))) {
      throw invalid(400, 'Duplicate page: A page with that title already exists')
    }
  }

  for (const kind of ['projects', 'groups'] as const) {
    const base = `/${kind}/:id/wikis`

    r.get(base, ctx => {
      const owner = ownerOf(ctx, kind, false)
      const withContent = optionalBoolean(ctx.input, 'with_content') ?? false
      const pages = pagesOf(owner)
        .map(current)
        .sort((a, b) => slugOf(a.title).localeCompare(slugOf(b.title)))
      // the platform sends every page at once, without pagination headers
      return ok(pages.map(v => (withContent ? render(v) : {format: v.format, slug: slugOf(v.title), title: v.title})))
    })

    r.get(`${base}/:slug`, ctx => {
      const page = find(ownerOf(ctx, kind, false), ctx.params.slug!)
      const version = optionalString(ctx.input, 'version')
      const shown = version === undefined ? current(page) : page.versions.find(v => v.sha === version)
      if (!shown) throw notFound('Wiki Page')
      const html = optionalBoolean(ctx.input, 'render_html') ?? false
      return ok({...render(shown), slug: slugOf(current(page).title), ...(html ? {content: toHtml(shown)} : {})})
    })

    r.post(base, ctx => {
      const owner = ownerOf(ctx, kind, true)
      const content = requireString(ctx.input, 'content')
      const title = requireString(ctx.input, 'title')
      const format = oneOf(ctx.input, 'format', FORMATS) ?? 'markdown'
      assertFreeTitle(owner, title)
      const page: WikiPageRecord = {owner, versions: []}
      addVersion(page, {title, content, format})
      state.pages.push(page)
      return created(render(current(page)))
    })

    r.put(`${base}/:slug`, ctx => {
      const owner = ownerOf(ctx, kind, true)
      const page = find(owner, ctx.params.slug!)
      const content = optionalString(ctx.input, 'content')
      const title = optionalString(ctx.input, 'title')
      const format = oneOf(ctx.input, 'format', FORMATS)
      if (content === undefined && title === undefined) throw badRequest('content, title are missing, at least one parameter must be provided')
      if (title !== undefined) assertFreeTitle(owner, title, page)
      const now = current(page)
      addVersion(page, {title: title ?? now.title, content: content ?? now.content, format: format ?? now.format})
      return ok(render(current(page)))
    })

    r.delete(`${base}/:slug`, ctx => {
      const page = find(ownerOf(ctx, kind, true), ctx.params.slug!)
      state.pages.splice(state.pages.indexOf(page), 1)
      return noContent()
    })

    r.post(`${base}/attachments`, ctx => {
      const owner = ownerOf(ctx, kind, true)
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

function current(page: WikiPageRecord): WikiVersion {
  return page.versions.at(-1)!
}

/** a version is named by a commit SHA of the wiki repository */
function addVersion(page: WikiPageRecord, change: Omit<WikiVersion, 'sha'>): void {
  page.versions.push({...change, sha: randomBytes(20).toString('hex')})
}

function render(v: WikiVersion) {
  return {content: v.content, format: v.format, slug: slugOf(v.title), title: v.title, encoding: 'UTF-8'}
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
  const state: WikisState = {pages: [], attachments: []}
  const page = (owner: string, ...versions: Array<[title: string, content: string]>) => {
    const record: WikiPageRecord = {owner, versions: []}
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

// Project and group wikis (document 2, "Wikis"): /projects/:id/wikis and /groups/:id/wikis, identical shapes.
import {openAsBlob} from 'node:fs'
import {stat} from 'node:fs/promises'
import {basename} from 'node:path'
import {UsageError} from '../core/base/errors.js'
import type {ApiId} from '../core/base/exact-number.js'
import {type ApiClient, apiPath} from '../core/http/request.js'
import {boolean, choice, declare, optional, text, type Values} from '../core/input/input.js'
import {type Scope, scopePath} from '../core/input/scope.js'
import {type ListSpec, listSpec} from '../core/lists/pagination.js'
import {fieldList} from './record-fields.js'
import {sha} from './sha.js'

export const WIKI_FORMATS = ['markdown', 'rdoc', 'asciidoc', 'org'] as const
export type WikiFormat = (typeof WIKI_FORMATS)[number]

export interface WikiPage {
  /** absent from lists unless with_content is asked for */
  content?: string
  format: WikiFormat
  /** unique; a page in a directory has a slug such as dir/page_name */
  slug: string
  title: string
  /** UTF-8 */
  encoding?: string
  /** the page's `---` block, parsed (empty when it has none); absent from lists unless with_content is asked for */
  front_matter?: Record<string, unknown>
  /** the page's metadata record on the platform */
  wiki_page_meta_id: ApiId
}
export const WIKI_FIELDS = fieldList<WikiPage>()(['content', 'format', 'slug', 'title', 'encoding', 'front_matter', 'wiki_page_meta_id'])

export const WIKI_COLUMNS = ['slug', 'title', 'format'] as const

export interface WikiAttachment {
  file_name: string
  /** under the uploads folder */
  file_path: string
  branch: string
  link: {url: string; markdown: string}
}

export const ATTACHMENT_COLUMNS = ['file_name', 'file_path', 'branch', 'link.markdown'] as const

// A slug names a page: its title with spaces as hyphens, a directory kept (docs/setup).
const SLUG = text({arg: true, required: true, description: 'page slug, such as home or docs/setup'})
const FORMAT = choice(WIKI_FORMATS, {description: 'markup of the content (API default: markdown)'})

/** the page a `delete` names */
export const WIKI_PAGE = declare({slug: SLUG})

/** GET .../wikis: the filters */
export const WIKI_LIST_OPTIONS = declare({
  with_content: boolean({description: "include each page's content"}),
})

/** GET .../wikis/:slug */
export const WIKI_READ = declare({
  slug: SLUG,
  render_html: boolean({description: 'return the content rendered as HTML'}),
  // spec: "version (string, wiki page version SHA)"
  version: sha({description: 'SHA of an earlier version of the page'}),
})
export type WikiRead = Values<typeof WIKI_READ>

/** POST .../wikis: title and content required */
export const NEW_WIKI_PAGE = declare({
  title: text({required: true, description: 'page title'}),
  content: text({required: true, file: true, description: 'page content'}),
  format: FORMAT,
})
export type NewWikiPage = Values<typeof NEW_WIKI_PAGE>

/**
 * PUT .../wikis/:slug: at least one of content, title and format (lib/api/wikis.rb). An empty content
 * is sent, not refused: only the title must not be blank, and emptying a page is a change like any other.
 */
export const WIKI_PAGE_CHANGES = declare({
  slug: SLUG,
  title: optional(NEW_WIKI_PAGE.title, {description: 'new title (changes the slug)'}),
  content: optional(NEW_WIKI_PAGE.content, {description: 'new page content', empty: 'clears'}),
  format: FORMAT,
})
export type WikiPageChanges = Values<typeof WIKI_PAGE_CHANGES>

/** POST .../wikis/attachments: the file (a local path here) and the wiki branch */
export const WIKI_ATTACHMENT = declare({
  file: text({arg: true, required: true, description: 'path of the file to upload'}),
  branch: text({description: "wiki branch to store it on (API default: the wiki's default branch)"}),
})
export type WikiAttachmentInput = Values<typeof WIKI_ATTACHMENT>

const wikisPath = (scope: Scope) => `${scopePath(scope)}/wikis`
// A slug with a directory (dir/page) is one encoded segment: dir%2Fpage.
const wikiPath = (scope: Scope, slug: string) => `${wikisPath(scope)}${apiPath`/${plainSlug(slug)}`}`

/** the spec writes slugs with an encoded directory (dir%2Fpage_name): accept that form as well as dir/page_name */
export function plainSlug(slug: string): string {
  return slug.replace(/%2F/gi, '/')
}

export function listWikiPages(scope: Scope, options: Values<typeof WIKI_LIST_OPTIONS> = {}): ListSpec<WikiPage> {
  return listSpec<WikiPage>(wikisPath(scope), {...options})
}

export function getWikiPage(api: ApiClient, scope: Scope, {slug, ...options}: WikiRead): Promise<WikiPage> {
  return api.get<WikiPage>(wikiPath(scope, slug), {...options})
}

export function createWikiPage(api: ApiClient, scope: Scope, page: NewWikiPage): Promise<WikiPage> {
  return api.post<WikiPage>(wikisPath(scope), {...page})
}

/**
 * The platform fills a missing format with its default, Markdown (lib/api/wikis.rb), so an update that
 * names no format would turn an AsciiDoc, RDoc or Org page into Markdown: the page's own format is read
 * first (a lookup, sent under --dry-run too) and sent with the change.
 */
export async function updateWikiPage(api: ApiClient, scope: Scope, {slug, ...changes}: WikiPageChanges): Promise<WikiPage> {
  const format = changes.format ?? (await api.request<WikiPage>({method: 'GET', path: wikiPath(scope, slug), lookup: true})).data.format
  return api.put<WikiPage>(wikiPath(scope, slug), {...changes, format})
}

export function deleteWikiPage(api: ApiClient, scope: Scope, slug: string): Promise<void> {
  return api.delete(wikiPath(scope, slug))
}

/**
 * multipart/form-data with the file streamed from disk (`openAsBlob` reads it as the request goes
 * out, never whole into memory); `branch` defaults on the server to the wiki's default branch.
 */
export async function uploadWikiAttachment(api: ApiClient, scope: Scope, {file, branch}: WikiAttachmentInput): Promise<WikiAttachment> {
  await assertRegularFile(file)
  const form = new FormData()
  form.append('file', await openAsBlob(file), basename(file))
  if (branch !== undefined) form.append('branch', branch)
  return api.post<WikiAttachment>(`${wikisPath(scope)}/attachments`, form)
}

async function assertRegularFile(file: string): Promise<void> {
  let isFile: boolean
  try {
    isFile = (await stat(file)).isFile()
  } catch (error) {
    throw new UsageError(`cannot read FILE ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
  }
  if (!isFile) throw new UsageError(`FILE ${file} is not a regular file`)
}

// Project and group wikis (document 2, "Wikis"): /projects/:id/wikis and /groups/:id/wikis, identical shapes.
import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {openAsBlob} from 'node:fs'
import {stat} from 'node:fs/promises'
import {basename} from 'node:path'
import {UsageError} from '../core/errors.js'
import {listSpec, type ListSpec} from '../core/pagination.js'
import {apiPath, type ApiClient} from '../core/request.js'
import {scopePath, type Scope} from '../core/scope.js'
import {matches} from '../core/validate.js'
import {fieldList} from '../core/record-fields.js'

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
}
export const WIKI_FIELDS = fieldList<WikiPage>()(['content', 'format', 'slug', 'title', 'encoding'])

export const WIKI_COLUMNS = ['slug', 'title', 'format'] as const

export const slugArg = Args.string({description: 'page slug, such as home or docs/setup', required: true})
export const formatFlag = Flags.option({description: 'markup of the content (API default: markdown)', options: WIKI_FORMATS})()
/** spec: "version (string, wiki page version SHA)" */
export const versionFlag = Flags.custom<string>({
  helpValue: 'SHA',
  parse: async (input, _ctx, opts) => matches(input, /^[0-9a-f]{7,64}$/i, opts.name, 'must be a version SHA (hexadecimal)'),
})({description: 'SHA of an earlier version of the page'})

export interface WikiAttachment {
  file_name: string
  /** under the uploads folder */
  file_path: string
  branch: string
  link: {url: string; markdown: string}
}

export const ATTACHMENT_COLUMNS = ['file_name', 'file_path', 'branch', 'link.markdown'] as const

export interface WikiReadOptions {
  render_html?: boolean
  /** a wiki page version SHA */
  version?: string
}

export interface NewWikiPage {
  title: string
  content: string
  format?: WikiFormat
}

/** spec: "at least one of content or title is needed" */
export type WikiPageChanges = Partial<NewWikiPage>

const wikisPath = (scope: Scope) => `${scopePath(scope)}/wikis`
// A slug with a directory (dir/page) is one encoded segment: dir%2Fpage.
const wikiPath = (scope: Scope, slug: string) => `${wikisPath(scope)}${apiPath`/${plainSlug(slug)}`}`

/** the spec writes slugs with an encoded directory (dir%2Fpage_name): accept that form as well as dir/page_name */
export function plainSlug(slug: string): string {
  return slug.replace(/%2F/gi, '/')
}

export function listWikiPages(scope: Scope, options: {with_content?: boolean} = {}): ListSpec<WikiPage> {
  return listSpec<WikiPage>(wikisPath(scope), {...options})
}

export function getWikiPage(api: ApiClient, scope: Scope, slug: string, options: WikiReadOptions = {}): Promise<WikiPage> {
  return api.get<WikiPage>(wikiPath(scope, slug), {...options})
}

export function createWikiPage(api: ApiClient, scope: Scope, page: NewWikiPage): Promise<WikiPage> {
  return api.post<WikiPage>(wikisPath(scope), {...page})
}

export function updateWikiPage(api: ApiClient, scope: Scope, slug: string, changes: WikiPageChanges): Promise<WikiPage> {
  return api.put<WikiPage>(wikiPath(scope, slug), {...changes})
}

export function deleteWikiPage(api: ApiClient, scope: Scope, slug: string): Promise<void> {
  return api.delete(wikiPath(scope, slug))
}

/**
 * multipart/form-data with the file streamed from disk (`openAsBlob` reads it as the request goes
 * out, never whole into memory); `branch` defaults on the server to the wiki's default branch.
 */
export async function uploadWikiAttachment(api: ApiClient, scope: Scope, file: string, branch?: string): Promise<WikiAttachment> {
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

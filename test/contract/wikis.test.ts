// Contract: the sandbox's wikis as the platform keeps them (issue 34). Sources (gitlabhq/gitlabhq):
// lib/api/wikis.rb, lib/api/helpers/wikis_helpers.rb, app/models/wiki.rb, app/models/wiki_page.rb,
// lib/gitlab/wiki_pages.rb, lib/api/entities/wiki_page.rb, lib/api/entities/wiki_page_basic.rb,
// app/policies/project_policy.rb, spec/requests/api/wikis_spec.rb.
import {describe, expect, it} from 'vitest'
import type {SeedRole} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const pages = '/projects/20/wikis'
const create = (body: Record<string, unknown>, as: SeedRole = 'developer') => sb.api<Record<string, unknown>>('POST', pages, {as, body})
const update = (slug: string, body: Record<string, unknown>, as: SeedRole = 'developer') => sb.api<Record<string, unknown>>('PUT', `${pages}/${encodeURIComponent(slug)}`, {as, body})
const read = (slug: string) => sb.api<Record<string, unknown>>('GET', `${pages}/${encodeURIComponent(slug)}`)

describe('wikis', () => {
  it('a page answers content, encoding, format, front_matter, slug, title and wiki_page_meta_id; a list without content the last four (entities wiki_page.rb, wiki_page_basic.rb; wikis_spec.rb)', async () => {
    const {status, body} = await create({title: 'Keys of a page', content: 'text'})
    expect(status).toBe(201)
    expect(Object.keys(body).sort()).toEqual(['content', 'encoding', 'format', 'front_matter', 'slug', 'title', 'wiki_page_meta_id'])
    expect(body).toMatchObject({format: 'markdown', slug: 'Keys-of-a-page', encoding: 'UTF-8', front_matter: {}})
    const list = await sb.api<Array<Record<string, unknown>>>('GET', pages)
    expect(list.body.map(page => Object.keys(page).sort())).toContainEqual(['format', 'slug', 'title', 'wiki_page_meta_id'])
    // the whole list at once: no pagination (lib/api/wikis.rb presents list_pages as it is)
    expect(list.headers.get('x-total')).toBeNull()
  })

  it('the content is the raw text, front matter included, and front_matter its parsed block (wiki_page.rb)', async () => {
    const {body} = await create({title: 'With front matter', content: '---\ntitle: Shown title\n---\nBody'})
    expect(body).toMatchObject({content: '---\ntitle: Shown title\n---\nBody', front_matter: {title: 'Shown title'}})
  })

  it("create requires title and content, but takes an empty content; a blank title is the model's error (wikis.rb requires; wiki_page.rb validates title only)", async () => {
    expect((await create({content: 'x'})).body).toEqual({error: 'title is missing'})
    expect((await create({title: 'No content'})).body).toEqual({error: 'content is missing'})
    const empty = await create({title: 'Empty page', content: ''})
    expect(empty.status).toBe(201)
    expect(empty.body.content).toBe('')
    const blank = await create({title: '   ', content: 'x'})
    expect(blank.status).toBe(400)
    expect(blank.body).toEqual({message: {title: ["can't be blank"]}})
  })

  it('a second page of the same title, whatever its case, is refused as a base error (wiki.rb create_page, file_exists_by_regex?)', async () => {
    expect((await create({title: 'Twice', content: 'one'})).status).toBe(201)
    for (const title of ['Twice', 'twice', '  Twice ']) {
      const again = await create({title, content: 'two'})
      expect(again.status, title).toBe(400)
      expect(again.body).toEqual({message: {base: ['Duplicate page: A page with that title already exists']}})
    }
  })

  it('a title is squished part by part and its file name is held to 245 bytes, each directory to 255 (wiki_page.rb, lib/gitlab/wiki_pages.rb)', async () => {
    expect((await create({title: ' notes  /  first   page ', content: 'x'})).body).toMatchObject({title: 'notes/first page', slug: 'notes/first-page'})
    const long = await create({title: 'a'.repeat(246), content: 'x'})
    expect(long.status).toBe(400)
    expect(long.body).toEqual({message: {title: ['exceeds the limit of 245 bytes']}})
    expect((await create({title: 'b'.repeat(245), content: 'x'})).status).toBe(201)
    const deep = await create({title: `${'d'.repeat(256)}/page`, content: 'x'})
    expect(deep.body).toEqual({message: {title: [`exceeds the limit of 255 bytes for directory name "${'d'.repeat(256)}"`]}})
  })

  it("an update without a format sets format's default: the page becomes Markdown (wikis.rb common_wiki_page_params default 'markdown')", async () => {
    await create({title: 'Asciidoc page', content: '= Title', format: 'asciidoc'})
    const changed = await update('Asciidoc-page', {content: '= Other'})
    expect(changed.status).toBe(200)
    expect(changed.body.format).toBe('markdown')
  })

  it('the default also meets at_least_one_of :content, :title, :format: a format alone, or nothing, is an update (wikis.rb)', async () => {
    await create({title: 'Org page', content: '* Heading', format: 'org'})
    expect((await update('Org-page', {format: 'rdoc'})).body).toMatchObject({format: 'rdoc', content: '* Heading'})
    const nothing = await update('Org-page', {})
    expect(nothing.status).toBe(200)
    expect(nothing.body).toMatchObject({format: 'markdown', content: '* Heading', title: 'Org page'})
  })

  it('a new title without a directory keeps the page in its own; a leading / moves it to the top (wiki_page.rb process_title)', async () => {
    await create({title: 'guide/Start here', content: 'x'})
    expect((await update('guide/Start-here', {title: 'Begin'})).body).toMatchObject({title: 'guide/Begin', slug: 'guide/Begin'})
    expect((await update('guide/Begin', {title: '/Begin'})).body).toMatchObject({title: 'Begin', slug: 'Begin'})
    // a blank title is no title: the page keeps its own
    expect((await update('Begin', {title: ' ', content: 'y'})).body).toMatchObject({title: 'Begin', content: 'y'})
  })

  it('deleting needs admin_wiki, which Maintainer has and Developer has not; reading and writing need read_wiki and create_wiki (wikis.rb, project_policy.rb, wikis_spec.rb)', async () => {
    await create({title: 'To delete', content: 'x'})
    const byDeveloper = await sb.api('DELETE', `${pages}/To-delete`, {as: 'developer'})
    expect(byDeveloper.status).toBe(403)
    expect(byDeveloper.body).toEqual({message: '403 Forbidden'})
    expect((await sb.api('DELETE', `${pages}/To-delete`, {as: 'maintainer'})).status).toBe(204)
    expect((await create({title: 'By a reporter', content: 'x'}, 'reporter')).status).toBe(403)
    expect((await sb.api('GET', pages, {as: 'reporter'})).status).toBe(200)
  })

  it('a page or version that is not there is 404 Wiki Page Not Found (wikis_helpers.rb wiki_page)', async () => {
    expect((await read('nowhere')).body).toEqual({message: '404 Wiki Page Not Found'})
    expect((await sb.api('GET', `${pages}/home?version=${'0'.repeat(40)}`)).body).toEqual({message: '404 Wiki Page Not Found'})
  })
})

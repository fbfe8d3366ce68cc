// forgectl on a real terminal (tmux): prompts for what is missing, confirms destructive actions,
// masks secrets, and shows progress on stderr — and the screen shows what a person would see.
import {describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {freshConfigDir} from '../helpers/cli.js'
import {useSandbox} from '../helpers/sandbox.js'
import {sandboxTerminals} from '../helpers/terminal.js'

const sb = useSandbox()
const terminal = sandboxTerminals(sb, TOKENS.developer)

describe('on a terminal', () => {
  it('asks for a missing argument and flag, then shows the record as a table', async () => {
    const t = await terminal(['labels', 'create', '-p', 'acme/platform/api', '--columns', 'name,color'])
    await t.waitFor('Label name')
    await t.type('from-terminal')
    await t.press('Enter')
    await t.waitFor('Label colour')
    await t.type('teal')
    await t.press('Enter')
    expect(await t.exitCode()).toBe(0)
    const screen = await t.screen()
    expect(screen).toMatch(/name\s+from-terminal/)
    expect(screen).toMatch(/color\s+teal/)
    expect((await sb.api('GET', '/projects/20/labels/from-terminal')).status).toBe(200)
  })

  it('offers the allowed values of an enum as a list to pick from', async () => {
    const t = await terminal(['config', 'get'])
    const screen = await t.waitFor('host')
    expect(screen).toContain('ca-file')
    await t.press('Down')
    await t.press('Enter')
    expect(await t.exitCode()).toBe(3) // the second key, token, is not set in this profile
    expect(await t.screen()).toContain('token is not set')
  })

  it('asks before deleting, and a "no" changes nothing', async () => {
    await sb.api('POST', '/projects/20/labels', {body: {name: 'keep-me', color: 'red'}})
    const no = await terminal(['labels', 'delete', 'keep-me', '-p', '20'])
    await no.waitFor('Delete label "keep-me" of project 20?')
    await no.type('n')
    await no.press('Enter')
    expect(await no.exitCode()).toBe(1)
    expect(await no.screen()).toContain('cancelled, nothing was changed')
    expect((await sb.api('GET', '/projects/20/labels/keep-me')).status).toBe(200)

    const yes = await terminal(['labels', 'delete', 'keep-me', '-p', '20'])
    await yes.waitFor('Delete label "keep-me" of project 20?')
    await yes.type('y')
    await yes.press('Enter')
    expect(await yes.exitCode()).toBe(0)
    expect(await yes.screen()).toContain('Deleted label "keep-me" of project 20.')
    expect((await sb.api('GET', '/projects/20/labels/keep-me')).status).toBe(404)
  })

  it('asks before promoting a label to its group, which cannot be undone; a "no" leaves it in the project', async () => {
    await sb.api('POST', '/projects/20/labels', {body: {name: 'project-only', color: 'red'}})
    const no = await terminal(['labels', 'promote', 'project-only', '-p', '20'])
    // the question says what promotion merges (app/services/labels/promote_service.rb); the prompt wraps it
    await no.waitFor('Promote label "project-only" of project 20 to a label of its group, merging into it')
    await no.waitFor('cannot be undone)?')
    await no.type('n')
    await no.press('Enter')
    expect(await no.exitCode()).toBe(1)
    expect(await no.screen()).toContain('cancelled, nothing was changed')
    expect((await sb.api<{is_project_label: boolean}>('GET', '/projects/20/labels/project-only')).body.is_project_label).toBe(true)
  })

  it('masks the token typed at auth login', async () => {
    const t = await terminal(['auth', 'login', '--host', sb.url], {FORGECTL_CONFIG_DIR: freshConfigDir(), FORGECTL_TOKEN: '', FORGECTL_HOST: ''})
    await t.waitFor('Access token')
    await t.type(TOKENS.owner)
    await t.waitFor('*****')
    await t.press('Enter')
    expect(await t.exitCode()).toBe(0)
    const screen = await t.screen()
    expect(screen).toContain('Logged in to')
    expect(screen).not.toContain(TOKENS.owner)
  })

  it('shows download progress with bytes and rate on the terminal, and nothing of it in the file', async () => {
    const dir = freshConfigDir()
    const t = await terminal(['api', 'GET', '/sandbox/blobs/30000000', '--download', `${dir}/blob.bin`])
    expect(await t.exitCode()).toBe(0)
    const screen = await t.screen()
    expect(screen).toMatch(/30\.0 MB of 30\.0 MB \(100%\) · [\d.]+ [kMG]?B\/s/)
    expect(screen).toContain(`Saved 30.0 MB to ${dir}/blob.bin`)
  })

  it('shows a spinner while waiting for a job, and its outcome', async () => {
    const created = await sb.api<{id: number}>('POST', '/groups/acme/repository_storage_moves', {as: 'admin', body: {destination_storage_name: 'storage-2'}})
    expect(created.status).toBe(201)
    const delay = sb.sandbox.store.options.jobDelayMs
    // the move is held (an hour's job) until the spinner shows, however long forgectl takes to start,
    // then let go: the next poll finds it finished
    sb.sandbox.store.options.jobDelayMs = 3_600_000
    try {
      const t = await terminal(['storage-moves', 'wait', String(created.body.id), '--interval', '1'], {FORGECTL_TOKEN: TOKENS.admin})
      const spinning = await t.waitFor(`Waiting for storage move ${created.body.id}`)
      expect(spinning).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/)
      sb.sandbox.store.options.jobDelayMs = 1
      expect(await t.exitCode(15_000)).toBe(0)
      expect(await t.screen()).toMatch(new RegExp(`✔ storage move ${created.body.id}: finished`))
    } finally {
      sb.sandbox.store.options.jobDelayMs = delay
    }
  })
})

// Inputs asked for at a terminal are checked by the same rule as the flag, asked again after a bad
// answer with the rule shown, and secrets never show on the screen (issue 13).
import {describe, expect, it} from 'vitest'
import {TOKENS} from '../../src/sandbox/seed.js'
import {useSandbox} from '../helpers/sandbox.js'
import {sandboxTerminals} from '../helpers/terminal.js'

const sb = useSandbox()
const terminals = sandboxTerminals(sb, TOKENS.developer)
const terminal = (args: string[], token: string = TOKENS.developer) => terminals(args, {FORGECTL_TOKEN: token})

describe('prompts', () => {
  it('refuses a colour typed at the prompt that --color refuses, shows the rule, and asks again', async () => {
    const t = await terminal(['labels', 'create', 'prompted-colour', '-p', '20', '--json'])
    await t.waitFor('Label colour: #RRGGBB')
    await t.type('blurple')
    await t.press('Enter')
    await t.waitFor('must be #RRGGBB or #RGB (hex with a leading #) or a CSS colour name')
    expect((await sb.api('GET', '/projects/20/labels/prompted-colour')).status).toBe(404)
    // the answer is corrected in place: clear it, then type a good one
    for (let i = 0; i < 'blurple'.length; i++) await t.type('\u007f')
    await t.type('teal')
    await t.press('Enter')
    expect(await t.exitCode()).toBe(0)
    const label = await sb.api<{color: string}>('GET', '/projects/20/labels/prompted-colour')
    expect(label.body.color).toBe('teal')
  })

  it('refuses an empty answer for a required name', async () => {
    const t = await terminal(['labels', 'create', '-p', '20', '--color', 'red'])
    await t.waitFor('Label name')
    await t.press('Enter')
    await t.waitFor(/must not be empty|required/)
    await t.press('C-c')
    expect(await t.exitCode()).not.toBe(0)
  })

  it('masks the value of a CI/CD variable typed at the prompt', async () => {
    const t = await terminal(['ci-variables', 'create', 'PROMPTED_SECRET', '--json'], TOKENS.admin)
    await t.waitFor('The value (a file is sent as read')
    await t.type('hunter2-very-secret')
    expect(await t.screen()).not.toContain('hunter2-very-secret')
    await t.press('Enter')
    expect(await t.exitCode()).toBe(0)
    const screen = await t.screen()
    // stdout is the record (the value is data); the prompt line itself showed only the mask
    expect(
      screen
        .split('\n')
        .filter(line => line.includes('--value'))
        .join('\n'),
    ).not.toContain('hunter2')
    const variable = await sb.api<{value: string}>('GET', '/admin/ci/variables/PROMPTED_SECRET', {as: 'admin'})
    expect(variable.body.value).toBe('hunter2-very-secret')
  })

  it('asks in words, not flag names (issue 36: the login prompt read "? --token-stdin or --token (access token; …)")', async () => {
    const t = await terminal(['auth', 'login', '--host', sb.url], '')
    await t.waitFor('Access token')
    const prompt = (await t.screen()).split('\n').find(line => line.includes('Access token'))!
    expect(prompt).toMatch(/^\? Access token/)
    expect(prompt).not.toMatch(/--\w/)
    await t.press('C-c')
    expect(await t.exitCode()).not.toBe(0)
  })
})

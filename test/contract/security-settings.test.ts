// Contract: project security settings, as the platform serves them (issue 34).
// Sources (gitlabhq/gitlabhq): ee/lib/api/project_security_settings.rb, ee/app/policies/ee/project_policy.rb,
// and the request spec ee/spec/requests/api/project_security_settings_spec.rb ("returns 401 Unauthorized when
// the user has Guest role", "... for users with Developer role" on the PUT).
import {describe, expect, it} from 'vitest'
import type {SecuritySettings} from '../../src/api/security-settings.js'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const path = '/projects/21/security_settings'

describe('who may (ee/lib/api/project_security_settings.rb, ee/app/policies/ee/project_policy.rb)', () => {
  it('read: Developer and up; a Reporter is told 401 (unauthorized!), not 403; a non-member of a private project 404', async () => {
    expect((await sb.api('GET', path, {as: 'developer'})).status).toBe(200)
    const reporter = await sb.api('GET', path, {as: 'reporter'})
    expect({status: reporter.status, body: reporter.body}).toEqual({status: 401, body: {message: '401 Unauthorized'}})
    const outsider = await sb.api('GET', path, {as: 'outsider'})
    expect({status: outsider.status, body: outsider.body}).toEqual({status: 404, body: {message: '404 Project Not Found'}})
  })

  it('change: Maintainer and up; a Developer is told 401', async () => {
    const developer = await sb.api('PUT', path, {as: 'developer', body: {secret_push_protection_enabled: true}})
    expect({status: developer.status, body: developer.body}).toEqual({status: 401, body: {message: '401 Unauthorized'}})
    expect((await sb.api('PUT', path, {as: 'maintainer', body: {secret_push_protection_enabled: false}})).status).toBe(200)
  })
})

describe('update parameters (ee/lib/api/project_security_settings.rb)', () => {
  it('needs at least one of the two names of the switch: 400 naming both', async () => {
    const none = await sb.api('PUT', path, {as: 'maintainer', body: {}})
    expect({status: none.status, body: none.body}).toEqual({
      status: 400,
      body: {error: 'secret_push_protection_enabled, pre_receive_secret_detection_enabled are missing, at least one parameter must be provided'},
    })
  })

  it('still takes the older name, pre_receive_secret_detection_enabled; when both come, the newer name wins', async () => {
    const older = await sb.api<SecuritySettings>('PUT', path, {as: 'maintainer', body: {pre_receive_secret_detection_enabled: true}})
    expect(older.body.secret_push_protection_enabled).toBe(true)
    const both = await sb.api<SecuritySettings>('PUT', path, {as: 'maintainer', body: {secret_push_protection_enabled: false, pre_receive_secret_detection_enabled: true}})
    expect(both.body.secret_push_protection_enabled).toBe(false)
  })
})

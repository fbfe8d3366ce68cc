// Contract: the sandbox's version and metadata as the platform answers them (issue 34).
// Sources (gitlabhq/gitlabhq): lib/api/metadata.rb, lib/api/entities/metadata.rb, spec/requests/api/metadata_spec.rb.
import {describe, expect, it} from 'vitest'
import {useSandbox} from '../helpers/sandbox.js'

const sb = useSandbox()
const anonymous = (path: string) => fetch(`${sb.url}/api/v4${path}`).then(async response => ({status: response.status, body: (await response.json()) as Record<string, unknown>}))

describe('version and metadata', () => {
  it('answer the same metadata: version, revision, kas and enterprise (metadata.rb serves /version from the metadata query; entities/metadata.rb)', async () => {
    const version = await sb.api<Record<string, unknown>>('GET', '/version')
    const metadata = await sb.api<Record<string, unknown>>('GET', '/metadata')
    expect(version.status).toBe(200)
    expect(version.body).toEqual(metadata.body)
    expect(Object.keys(version.body).sort()).toEqual(['enterprise', 'kas', 'revision', 'version'])
    expect(Object.keys(version.body.kas as object).sort()).toEqual(['enabled', 'externalK8sProxyUrl', 'externalUrl', 'version'])
    expect(version.body.version).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('need a token: 401 without one (metadata.rb authenticate!)', async () => {
    expect((await anonymous('/version')).status).toBe(401)
    expect((await anonymous('/metadata')).status).toBe(401)
  })
})

// The declared inputs of deploy-keys, keys, ssh-certificates and clusters: every rule accepted and refused.
import {describe} from 'vitest'
import {CLUSTER_CHANGES, NEW_CLUSTER} from '../../../src/api/clusters.js'
import {DEPLOY_KEY_CHANGES, DEPLOY_KEY_FILTERS, NEW_DEPLOY_KEY, NEW_PROJECT_DEPLOY_KEY} from '../../../src/api/deploy-keys.js'
import {KEY_LOOKUP, KEY_TO_LOOK_UP} from '../../../src/api/keys.js'
import {NEW_SSH_CERTIFICATE} from '../../../src/api/ssh-certificates.js'
import {type RuleRow, ruleTable} from '../../helpers/input-rules.js'
import {makeKey, mislabelledKey} from '../../helpers/ssh-keys.js'

const EMPTY = /must not be empty/
const KEY = makeKey('unit')
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n'

/** the rows of a public key input: as in a .pub file (line break dropped), and each way a text is not a key */
const publicKeyRows = (api: string): RuleRow[] => [
  [api, KEY.text, {value: KEY.text}],
  [api, `  ${KEY.text}\n`, {value: KEY.text}],
  [api, 'not a key', /must be an OpenSSH public key: "not" is not a supported key type/],
  [api, mislabelledKey(KEY), /the key data is of type "ssh-ed25519", not "ssh-rsa"/],
  [api, 'ssh-ed25519 AAAA!', /not valid base64/],
  [api, '-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n-----END OPENSSH PRIVATE KEY-----\n', /this is a private key/],
  [api, `${KEY.text}\n${KEY.text}`, /a public key is a single line/],
  [api, '', EMPTY],
  [api, '  ', EMPTY],
]

describe('deploy-keys inputs', () => {
  const newKey: RuleRow[] = [
    ['title', 'CI deploy', {value: 'CI deploy'}],
    ['title', '', EMPTY],
    ...publicKeyRows('key'),
    ['expires_at', '2026-12-31T23:59:00Z', {value: '2026-12-31T23:59:00Z'}],
    ['expires_at', '2026-12-31', {value: '2026-12-31'}],
    ['expires_at', '31/12/2026', /ISO 8601 date-time/],
    ['expires_at', '2026-13-01', /there is no month 13/],
    ['expires_at', '', EMPTY],
  ]
  ruleTable('instance deploy key', NEW_DEPLOY_KEY, newKey)
  ruleTable('project deploy key', NEW_PROJECT_DEPLOY_KEY, [...newKey, ['can_push', 'true', {value: true}], ['can_push', 'yes', /true or false/]])
  ruleTable('deploy key changes', DEPLOY_KEY_CHANGES, [
    ['title', 'After', {value: 'After'}],
    ['title', '', EMPTY],
    ['can_push', 'false', {value: false}],
    ['can_push', '0', /true or false/],
  ])
  ruleTable('deploy key filters', DEPLOY_KEY_FILTERS, [
    ['public', 'true', {value: true}],
    ['public', 'public', /true or false/],
  ])
})

describe('keys inputs', () => {
  ruleTable('key lookup', KEY_LOOKUP, [
    ['fingerprint', KEY.sha256, {value: KEY.sha256}],
    ['fingerprint', `sha256:${KEY.sha256.slice(7)}=`, {value: KEY.sha256}],
    ['fingerprint', KEY.md5, {value: KEY.md5}],
    ['fingerprint', `MD5:${KEY.md5.toUpperCase()}`, {value: KEY.md5}],
    ['fingerprint', 'SHA256:tooshort', /must be SHA256:<43 base64 characters> or an MD5 fingerprint of 16 hex pairs/],
    ['fingerprint', 'de:d0:53', /must be SHA256:/],
    ['fingerprint', '', EMPTY],
  ])
  ruleTable('key to look up', KEY_TO_LOOK_UP, publicKeyRows('key'))
})

describe('ssh-certificates inputs', () => {
  ruleTable('new SSH certificate', NEW_SSH_CERTIFICATE, [['title', 'Corporate CA', {value: 'Corporate CA'}], ['title', '', EMPTY], ...publicKeyRows('key')])
})

describe('clusters inputs', () => {
  const shared: RuleRow[] = [
    ['management_project_id', '1', {value: 1}],
    ['management_project_id', '0', /whole number, 1 or more/],
    ['management_project_id', 'web', /whole number/],
    ['enabled', 'false', {value: false}],
    ['enabled', 'no', /true or false/],
    ['managed', 'true', {value: true}],
    ['managed', 'off', /true or false/],
    ['namespace_per_environment', 'false', {value: false}],
    ['namespace_per_environment', 'maybe', /true or false/],
    ['environment_scope', 'production', {value: 'production'}],
    ['environment_scope', '', EMPTY],
    ['api_url', 'https://orchestrator.example.com:6443', {value: 'https://orchestrator.example.com:6443'}],
    ['api_url', 'http://10.0.0.5:8080', {value: 'http://10.0.0.5:8080'}],
    ['api_url', 'orchestrator.example.com', /absolute http or https URL/],
    ['api_url', 'ftp://orchestrator.example.com', /absolute http or https URL/],
    ['api_url', '', EMPTY],
    ['token', 'secret-value', {value: 'secret-value'}],
    ['token', '', EMPTY],
    ['ca_cert', PEM, {value: PEM}],
    ['ca_cert', 'not a certificate', /must be a PEM certificate/],
    ['ca_cert', '', EMPTY],
    ['name', 'production', {value: 'production'}],
    ['name', '', EMPTY],
    ['domain', 'apps.example.com', {value: 'apps.example.com'}],
    ['namespace', 'edge-ns', {value: 'edge-ns'}],
  ]
  // a blank domain or namespace: pointless on a create, it clears them on an update
  ruleTable('new cluster', NEW_CLUSTER, [
    ...shared,
    ['domain', '', EMPTY],
    ['namespace', '', EMPTY],
    ['authorization_type', 'abac', {value: 'abac'}],
    ['authorization_type', 'unknown_authorization', {value: 'unknown_authorization'}],
    ['authorization_type', 'owner', /one of rbac, abac, unknown_authorization/],
    ['authorization_type', '', EMPTY],
  ])
  ruleTable('cluster changes', CLUSTER_CHANGES, [...shared, ['domain', '', {value: ''}], ['namespace', '', {value: ''}]])
})

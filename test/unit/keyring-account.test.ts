// The keyring entry of a profile (keyring.ts): the profile's name for the settings file in its usual
// place, as entries stored before were named, and the name with the settings folder for another one.
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {configDir} from '../../src/core/config/config-store.js'
import {keyringAccount} from '../../src/core/config/keyring.js'

describe('keyringAccount', () => {
  const usual = configDir({})

  it('is the profile name for the usual settings folder, however it is named', () => {
    expect(keyringAccount('default', {})).toBe('default')
    expect(keyringAccount('ci', {FORGECTL_CONFIG_DIR: usual})).toBe('ci')
    expect(keyringAccount('ci', {FORGECTL_CONFIG_DIR: join(usual, '..', 'forgectl')})).toBe('ci')
  })

  it('names the folder for another one, so that two folders never share an entry', () => {
    expect(keyringAccount('default', {FORGECTL_CONFIG_DIR: '/srv/work/forgectl'})).toBe('default@/srv/work/forgectl')
    expect(keyringAccount('default', {FORGECTL_CONFIG_DIR: '/srv/home/forgectl'})).not.toBe(keyringAccount('default', {FORGECTL_CONFIG_DIR: '/srv/work/forgectl'}))
  })
})

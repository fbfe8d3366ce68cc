// The usage line after a usage error, and the IDs that reach URLs as typed.
import {describe, expect, it} from 'vitest'
import {isPositiveId} from '../../src/core/base/id.js'
import {unexpectedArguments, usageLine} from '../../src/core/command/usage.js'

describe('usageLine', () => {
  it.each([
    [{id: 'labels:list', flags: {project: {char: 'p'}, all: {type: 'boolean'}}}, 'forgectl labels list [FLAGS]'],
    [{id: 'hooks:delete', args: {hook_id: {required: true}}}, 'forgectl hooks delete HOOK_ID [FLAGS]'],
    [{id: 'config:get', args: {key: {}}}, 'forgectl config get [KEY] [FLAGS]'],
    [{id: 'labels:create', args: {name: {required: true}}, flags: {color: {required: true, type: 'option'}}}, 'forgectl labels create NAME --color <value> [FLAGS]'],
    [{id: 'keys:lookup', flags: {group: {required: true, char: 'g', type: 'option'}, force: {required: true, type: 'boolean'}}}, 'forgectl keys lookup -g <value> --force [FLAGS]'],
  ])('%j → %s', (command, line) => {
    expect(usageLine('forgectl', command)).toBe(line)
  })
})

describe('unexpectedArguments', () => {
  it.each<[string[], string]>([
    [['3'], 'unexpected argument "3"'],
    [['3', 'x y'], 'unexpected arguments "3", "x y"'],
  ])('%j → %s', (args, message) => {
    expect(unexpectedArguments(args)).toBe(message)
  })

  it('on a command that takes a secret, counts the words and quotes none', () => {
    expect(unexpectedArguments(['s3cret', 'x'], true)).toBe('unexpected arguments (2 words, not shown: this command takes a secret, and a word out of place may be it)')
  })
})

describe('isPositiveId', () => {
  it.each([
    ['1', true],
    ['9007199254740993', true],
    ['007', true],
    ['18446744073709551617', true],
    ['0', false],
    ['000', false],
    ['', false],
    ['-1', false],
    ['1e3', false],
    ['0x10', false],
    ['1.0', false],
    [' 1', false],
    ['abc', false],
  ])('%j → %s', (text, ok) => {
    expect(isPositiveId(text)).toBe(ok)
  })
})

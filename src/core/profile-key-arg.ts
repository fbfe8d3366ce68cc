import {Args} from '@oclif/core'
import {PROFILE_KEYS} from './config-store.js'

export const profileKeyArg = Args.string({description: 'setting name', required: true, options: Object.keys(PROFILE_KEYS)})

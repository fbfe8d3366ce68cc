import * as Args from '@oclif/core/args'
import {PROFILE_KEYS} from './config-store.js'

export const profileKeyArg = Args.string({description: 'setting name', required: true, options: Object.keys(PROFILE_KEYS)})

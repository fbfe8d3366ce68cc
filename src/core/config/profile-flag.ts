import * as Flags from '@oclif/core/flags'

/** commands that read or write stored settings without talking to the server */
export const profileFlag = {profile: Flags.string({description: 'profile to use (default: FORGECTL_PROFILE, else "default")'})}

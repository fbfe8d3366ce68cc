import * as Args from '@oclif/core/args'
import * as Flags from '@oclif/core/flags'
import {UsageError} from '../../core/base/errors.js'
import {done, thing} from '../../core/base/notes.js'
import {BaseCommand} from '../../core/command/base-command.js'
import {PROFILE_KEYS, type Profile, type ProfileKey, profileName, storedTokenStore, type TokenStore, tokenLocation, updateProfile} from '../../core/config/config-store.js'
import {normalizeHost, sameOrigin} from '../../core/config/connection.js'
import {profileFlag} from '../../core/config/profile-flag.js'
import {profileKeyArg} from '../../core/config/profile-key-arg.js'
import {moveToken, storeForNewToken, storeToken} from '../../core/config/token-store.js'
import {readTokenLine} from '../../core/input/input-read.js'

// gh says the same of a token on the command line: every user sees it in `ps`, the shell keeps it
const TOKEN_ADVICE =
  'A token typed as VALUE is visible to other users in `ps` and kept in the shell history: use `config set token --token-stdin` (one line read from standard input), `auth login`, or FORGECTL_TOKEN; on a terminal, `config set token` without VALUE asks for it, masked.'

export default class ConfigSet extends BaseCommand<typeof ConfigSet> {
  static summary = 'Change one setting of a profile'
  static description = `Settings: ${Object.entries(PROFILE_KEYS)
    .map(([k, v]) => `${k} (${v.description})`)
    .join('; ')}. ${TOKEN_ADVICE}`
  static examples = [
    '<%= config.bin %> config set host https://forge.example.com',
    '<%= config.bin %> config set timeout 60 --profile ci',
    '<%= config.bin %> config set output yaml',
    `printf '%s' "$TOKEN" | <%= config.bin %> config set token --token-stdin --profile ci`,
  ]
  static takesSecret = true
  static args = {key: profileKeyArg, value: Args.string({description: 'new value (for token, prefer --token-stdin)'})}
  static flags = {
    ...profileFlag,
    'token-stdin': Flags.boolean({description: 'read the token from standard input, one line (keeps it out of ps and the shell history)'}),
  }

  async run(): Promise<void> {
    const key = this.args.key as ProfileKey
    if (this.flags['token-stdin'] && (key !== 'token' || this.args.value !== undefined)) {
      throw new UsageError(key === 'token' ? 'VALUE and --token-stdin do not go together: the token comes from standard input' : `--token-stdin sets the token, not ${key}`)
    }
    const text = this.flags['token-stdin'] ? await readTokenLine(this.io.stdin) : await this.need(this.args.value, 'VALUE', 'new value', {secret: key === 'token'})
    const value = PROFILE_KEYS[key].parse(text, key)
    const {env} = this.io
    const profile = profileName(this.flags.profile, env)
    // a token replaces the one stored, where it is; the first goes where a login's would
    if (key === 'token') await storeToken(profile, value as string, storedTokenStore(profile, env).location ?? storeForNewToken(profile, false, env), this.io)
    else if (key === 'token-store') {
      if (await moveToken(profile, value as TokenStore, this.io))
        this.note(done('Moved', `the token of ${thing('profile', profile)} to the ${value === 'keyring' ? 'system keyring' : 'settings file'}`))
    } else {
      await updateProfile(
        profile,
        current => {
          if (key === 'host') keepTokenWithItsHost(profile, current, value as string)
          return {...current, [key]: value}
        },
        env,
      )
    }
    this.note(done('Set', `${key} of ${thing('profile', profile)}`))
  }
}

/**
 * A stored token goes only to its profile's host (connection.ts): another host set under it would take
 * it there. Refused, inside the settings lock so that no login in between is missed; a login to the new
 * host replaces both at once.
 */
function keepTokenWithItsHost(profile: string, current: Profile, host: string): void {
  if (tokenLocation(current) === undefined || current.host === undefined || sameOrigin(current.host, host)) return
  throw new UsageError(
    `profile "${profile}" holds a token for ${normalizeHost(current.host)}, which goes only there: to use ${host}, log in to it (\`forgectl auth login --host ${host} --profile ${profile}\`), or remove the token first (\`forgectl auth logout --profile ${profile}\`)`,
  )
}

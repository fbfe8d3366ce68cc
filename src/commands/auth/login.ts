import * as Flags from '@oclif/core/flags'
import {currentUser} from '../../api/user.js'
import {CliError, ExitCode} from '../../core/base/errors.js'
import {done, info, thing} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {configPath, type Profile} from '../../core/config/config-store.js'
import {resolveConnection} from '../../core/config/connection.js'
import {KeyringUnavailable} from '../../core/config/keyring.js'
import {storeForNewToken, storeToken} from '../../core/config/token-store.js'
import {environmentWinsNote} from '../../core/http/auth-hint.js'
import {ApiClient} from '../../core/http/request.js'
import {readTokenLine} from '../../core/input/input-read.js'
import {canPrompt} from '../../core/terminal/terminal.js'

export default class AuthLogin extends ApiCommand<typeof AuthLogin> {
  static summary = 'Log in: verify a token against the server and store it'
  static description =
    'Checks the token with GET /user (any valid token), then stores the host in the profile and the token in the system keyring (Secret Service, Keychain, Credential Manager); with --insecure-storage, `config set token-store file`, FORGECTL_TOKEN_STORE=file, or when CI is set, in the settings file instead, which only you can read. Where no keyring service exists at all (a server without a desktop session), it offers the settings file on a terminal (the default is no) and off one refuses, naming --insecure-storage and FORGECTL_TOKEN; a keyring that is locked or refuses is never replaced: nothing is stored and the error says so. On a terminal it asks for what is missing (the token masked); scripts pass --token-stdin (one line read from standard input, never echoed). A token given with --token is visible to other users in `ps` and kept in the shell history: prefer --token-stdin, the prompt, or FORGECTL_TOKEN.'
  static examples = ['<%= config.bin %> auth login --host https://forge.example.com', 'echo "$TOKEN" | <%= config.bin %> auth login --host forge.example.com --token-stdin --profile ci']
  static columns = ['profile', 'host', 'username', 'name', 'token_store']
  static takesSecret = true
  static usesStoredToken = false
  static flags = {
    'insecure-storage': Flags.boolean({description: 'keep the token in the settings file (readable by you only) instead of the system keyring'}),
    'token-stdin': Flags.boolean({description: 'read the token from standard input, one line (keeps it out of ps and the shell history)', exclusive: ['token']}),
  }

  async run(): Promise<void> {
    const f = this.flags
    // asked for as every missing input is (the same label and check), the token masked
    const host = await this.need(f.host ?? (this.io.env.FORGECTL_HOST || undefined), '--host', 'server base URL, such as https://forge.example.com')
    const token = await this.need(
      f.token ?? (f['token-stdin'] ? await readTokenLine(this.io.stdin) : undefined) ?? (this.io.env.FORGECTL_TOKEN || undefined),
      '--token-stdin or --token',
      'access token; or set FORGECTL_TOKEN',
      {secret: true},
    )
    const connection = resolveConnection({...f, host, token, profile: f.profile}, this.io.env)
    const user = await currentUser(new ApiClient(connection, this.io, {dryRun: f['dry-run'], verbose: f.verbose}))
    const change = (profile: Profile): Profile => ({
      ...profile,
      host: connection.host,
      'ca-file': f['ca-file'] ?? profile['ca-file'],
      insecure: f.insecure || profile.insecure,
      'allow-http': f['allow-http'] || profile['allow-http'],
    })
    let where = storeForNewToken(connection.profile, f['insecure-storage'], this.io.env)
    try {
      await storeToken(connection.profile, token, where, this.io, change)
    } catch (error) {
      if (!(error instanceof KeyringUnavailable && error.absent && canPrompt(this.io))) throw error
      await this.fileInstead()
      where = 'file'
      await storeToken(connection.profile, token, where, this.io, change)
    }
    this.note(done('Logged in', `to ${connection.host} as ${user.username} (${thing('profile', connection.profile)})`))
    const shadowed = environmentWinsNote({host: connection.host, token, profile: connection.profile}, this.io.env)
    if (shadowed) this.note(shadowed)
    await this.print({profile: connection.profile, host: connection.host, username: user.username, name: user.name, token_store: where})
  }

  /**
   * No keyring service at all (a headless server), and a person at the terminal: the settings file is
   * offered, on their word only (the default is no). Chosen, the profile keeps `token-store: file`, so
   * the question is asked once. A keyring that exists but is locked or refuses is never offered to be
   * replaced: its error stands (storeToken), as it does off a terminal.
   */
  private async fileInstead(): Promise<void> {
    this.note(info('There is no system keyring here to keep the token in, as on a server without a desktop session'))
    const {confirmPrompt} = await import('../../core/terminal/prompts.js')
    if (await confirmPrompt(this.io, `Keep it in the settings file ${configPath(this.io.env)} instead, readable by you only?`)) return
    throw new CliError('nothing was stored: log in again with --insecure-storage to keep the token in the settings file, or give it to each run in FORGECTL_TOKEN', ExitCode.error)
  }
}

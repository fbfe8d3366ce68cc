import {AUDIT_COLUMNS, AUDIT_CRITERIA, AUDITED_TOKEN_FIELDS, activeTokens, auditTokens, DEFAULT_EXPIRES_WITHIN_MS, ownerIds} from '../../api/token-audit.js'
import {ExitCode} from '../../core/base/errors.js'
import {info, warning} from '../../core/base/notes.js'
import {ApiCommand} from '../../core/command/api-command.js'
import {listFlags} from '../../core/input/flags.js'
import {flagsOf} from '../../core/input/input-flags.js'
import {collect, followPages} from '../../core/lists/pagination.js'
import type {ColumnFit} from '../../core/output/table-layout.js'
import {exitWhenReaderGoes} from '../../core/output/write-failure.js'
import {lookUpOwners, OWNER_FAILURES_BEFORE_GIVING_UP, OWNERS_READ_ONE_BY_ONE} from '../../topics/token-owners.js'
import {tokenOfAnother} from '../../topics/tokens.js'

export default class TokensAudit extends ApiCommand<typeof TokensAudit> {
  static summary = 'Find the tokens to act on: expiring soon, without expiry, or unused'
  static description =
    `Reads every active personal access token (GET /personal_access_tokens?state=active, pages fetched concurrently: the instance's as an administrator, else your own) and reports those that expire within --expires-within (default 30 days), have no expiry, or (with --unused-for) have not been used for that long. Each is shown with its owner's username (GET /users/:id, once per owner; for more than ${OWNERS_READ_ONE_BY_ONE} owners the users list, GET /users, read once, and only the owners it leaves out one by one; after ${OWNER_FAILURES_BEFORE_GIVING_UP} failed lookups the owners left are named by user ID, with a warning) and its kind: personal, impersonation, service account, or bot (a project or group access token). Sorted by expiry, soonest first. Exits 10 when anything is reported, so that a scheduled job can alert; 0 when nothing is.`
  static fields = AUDITED_TOKEN_FIELDS
  static columns = AUDIT_COLUMNS
  // why each token is listed is what the audit is for: never cut (`expires in…` says nothing); the other columns give way
  static fits: Readonly<Record<string, ColumnFit>> = {reasons: {rank: 'never'}}
  static examples = ['<%= config.bin %> tokens audit', '<%= config.bin %> tokens audit --expires-within 14d --unused-for 90d --json', '<%= config.bin %> tokens audit --user 42']
  // every page is read (the audit is of every token): of the list flags only the concurrency applies
  static flags = {...flagsOf(AUDIT_CRITERIA), concurrency: listFlags.concurrency}

  async run(): Promise<void> {
    const {user_id, expires_within, unused_for} = await this.read(AUDIT_CRITERIA)
    const concurrency = this.shared.concurrency
    const readAll = () => collect(followPages(this.api, activeTokens(user_id), {all: true, concurrency}))
    const pages =
      user_id === undefined ? await readAll() : await tokenOfAnother(this.api, "only administrators can audit another user's tokens", readAll, `the server answered 401 to --user ${user_id}`)
    const tokens = pages.flat()
    // an owner that cannot be read leaves its tokens in the report, without a username
    const {owners, warning: unnamed} = await lookUpOwners(this.api, ownerIds(tokens, user_id), concurrency)
    if (unnamed) this.note(warning(unnamed))
    const found = auditTokens(tokens, owners, {now: new Date(this.io.now()), expiresWithinMs: expires_within ?? DEFAULT_EXPIRES_WITHIN_MS, unusedForMs: unused_for, userId: user_id})
    // found is found, even when the reader of the report leaves before its end (`| head`)
    if (found.length > 0) exitWhenReaderGoes(ExitCode.found)
    await this.print(found)
    this.note(info(`${found.length} of ${tokens.length} active token${tokens.length === 1 ? '' : 's'} to act on`))
    if (found.length > 0) this.exit(ExitCode.found)
  }
}

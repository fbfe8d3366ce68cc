// Instance and group service accounts and the tokens of group service accounts, as ee/lib/api/service_accounts.rb
// and ee/lib/api/group_service_accounts.rb serve them (issue 34; the request spec
// ee/spec/requests/api/group_service_accounts_spec.rb). Accounts are users (bot, service_account set);
// their tokens share token-records.ts's slice. A group's Owner manages its accounts, a subgroup's too
// (the API has no top-level check; only the create service refuses a subgroup, behind a feature flag);
// the record is Entities::ServiceAccount.
import {randomBytes} from 'node:crypto'
import {badRequestMessage, created, HttpError, invalid, noContent, notFound, ok} from '../http.js'
import {paginate} from '../paginate.js'
import {type Ctx, type Input, oneOf, optionalBoolean, optionalString, type Router} from '../router.js'
import type {SandboxGroup, SandboxUser, Store} from '../store.js'
import {listTokens} from '../token-list.js'
import {isActive, mintToken, readNewToken, renderToken, revokeToken, rotateToken, type TokenRecord, tokenRecords} from '../token-records.js'

const DEFAULT_NAME = 'Service account user'
const NOREPLY_DOMAIN = 'noreply.sandbox.invalid'

export default function register(r: Router, store: Store): void {
  store.slice('service-accounts', () => seedAccounts(store))
  const tokens = tokenRecords(store)

  const accountsOf = (group: SandboxGroup | null) => [...store.users.values()].filter(u => u.service_account !== undefined && u.service_account.group_id === (group?.id ?? null))

  /** admin_service_accounts: the group's Owner (administrators act as owners); 404 when hidden */
  const ownedGroup = (ctx: Ctx): SandboxGroup => store.groupFor(ctx.params.id!, ctx.user, 'owner')
  const accountIn = (group: SandboxGroup | null, id: string): SandboxUser => {
    const account = accountsOf(group).find(u => String(u.id) === id)
    if (!account) throw notFound('User')
    return account
  }

  /** order_by id|username (default id), sort asc|desc (default desc) */
  const ordered = (ctx: Ctx, accounts: SandboxUser[]) => {
    const orderBy = oneOf(ctx.input, 'order_by', ['id', 'username']) ?? 'id'
    const direction = oneOf(ctx.input, 'sort', ['asc', 'desc']) ?? 'desc'
    const sorted = [...accounts].sort((a, b) => (orderBy === 'id' ? a.id - b.id : a.username.localeCompare(b.username)))
    return direction === 'desc' ? sorted.reverse() : sorted
  }

  /** the user model's checks of the e-mail and uniqueness, every problem named; `words` shapes the refusal as the route does */
  const assertFree = (input: {username?: string; email?: string}, words: (message: string) => HttpError, except?: SandboxUser) => {
    const others = [...store.users.values()].filter(u => u !== except)
    const taken: string[] = []
    if (input.email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(input.email)) taken.push('Email is invalid')
    if (input.username !== undefined && others.some(u => u.username === input.username)) taken.push('Username has already been taken')
    if (input.email !== undefined && others.some(u => u.email === input.email || u.unconfirmed_email === input.email)) taken.push('Email has already been taken')
    if (taken.length > 0) throw words(taken.join(' and '))
  }
  /** Entities::ServiceAccount: UserSafe (id, username, name, public_email) with the e-mail, and the unconfirmed one when there is one */
  const render = (account: SandboxUser) => ({
    id: account.id,
    username: account.username,
    name: account.name,
    public_email: null,
    email: account.email,
    ...(account.unconfirmed_email ? {unconfirmed_email: account.unconfirmed_email} : {}),
  })

  const createAccount = (ctx: Ctx, group: SandboxGroup | null) => {
    const prefix = group ? `service_account_group_${group.id}_` : 'service_account_'
    const fields = readFields(ctx.input)
    // both routes answer a failed create with bad_request!
    assertFree(fields, badRequestMessage)
    const generated = `${prefix}${randomBytes(8).toString('hex')}`
    const account = store.addUser({
      username: fields.username ?? generated,
      name: fields.name ?? DEFAULT_NAME,
      email: fields.email ?? `${generated}@${NOREPLY_DOMAIN}`,
      bot: true,
      service_account: {group_id: group?.id ?? null},
    })
    return created(render(account))
  }

  /** the instance route says bad_request!; the group's passes the service's message on as it is */
  const updateAccount = (ctx: Ctx, group: SandboxGroup | null, account: SandboxUser) => {
    const fields = readFields(ctx.input)
    assertFree(fields, group ? message => invalid(400, message) : badRequestMessage, account)
    if (fields.name !== undefined) account.name = fields.name
    if (fields.username !== undefined) account.username = fields.username
    if (fields.email !== undefined && fields.email !== account.email) {
      // "custom email needs confirmation unless the group has a matching verified domain"
      const domain = fields.email.split('@')[1] ?? ''
      if (group?.verified_domains.includes(domain)) {
        account.email = fields.email
        delete account.unconfirmed_email
      } else {
        account.unconfirmed_email = fields.email
      }
    }
    return ok(render(account))
  }

  r.get('/service_accounts', ctx => {
    store.requireAdmin(ctx.user)
    return paginate(ctx, ordered(ctx, accountsOf(null)), render)
  })
  r.post('/service_accounts', ctx => {
    store.requireAdmin(ctx.user)
    return createAccount(ctx, null)
  })
  r.patch('/service_accounts/:id', ctx => {
    store.requireAdmin(ctx.user)
    // User.find: the generic 404; any service account, a group's too, else the update service refuses
    const account = store.users.get(Number(ctx.params.id))
    if (!account) throw new HttpError(404, {message: '404 Not found'})
    if (account.service_account === undefined) throw badRequestMessage('User is not of type Service Account')
    return updateAccount(ctx, null, account)
  })

  r.get('/groups/:id/service_accounts', ctx => {
    const group = ownedGroup(ctx)
    return paginate(ctx, ordered(ctx, accountsOf(group)), render)
  })
  r.post('/groups/:id/service_accounts', ctx => {
    const group = ownedGroup(ctx)
    // the create service refuses a subgroup while allow_subgroups_to_create_service_accounts is off
    if (group.parent_id !== null) throw badRequestMessage('User does not have permission to create a service account in this group.')
    return createAccount(ctx, group)
  })
  r.patch('/groups/:id/service_accounts/:user_id', ctx => {
    const group = ownedGroup(ctx)
    return updateAccount(ctx, group, accountIn(group, ctx.params.user_id!))
  })
  r.delete('/groups/:id/service_accounts/:user_id', ctx => {
    const account = accountIn(ownedGroup(ctx), ctx.params.user_id!)
    // hard_delete would also delete contributions and solely owned groups; the sandbox keeps neither.
    optionalBoolean(ctx.input, 'hard_delete')
    for (const token of tokens.values()) if (token.user_id === account.id) tokens.delete(token.id)
    store.deleteUser(account.id)
    return noContent()
  })

  // ---- tokens of a group service account -------------------------------------------------------------

  const base = '/groups/:id/service_accounts/:user_id/personal_access_tokens'
  const tokensOf = (ctx: Ctx) => {
    const account = accountIn(ownedGroup(ctx), ctx.params.user_id!)
    return {account, list: [...tokens.values()].filter(t => t.user_id === account.id && !t.impersonation)}
  }
  const tokenOf = (ctx: Ctx): TokenRecord => {
    const token = tokensOf(ctx).list.find(t => String(t.id) === ctx.params.token_id)
    if (!token) throw notFound('Personal Access Token')
    return token
  }

  r.get(base, ctx => {
    return paginate(ctx, listTokens(ctx.input, tokensOf(ctx).list), t => renderToken(t))
  })

  r.post(base, ctx => {
    const {account} = tokensOf(ctx)
    return created(renderToken(mintToken(store, account, readNewToken(ctx)), {withValue: true}))
  })

  r.delete(`${base}/:token_id`, ctx => {
    revokeToken(store, tokenOf(ctx))
    return noContent()
  })

  // RotateService revokes the rotated token only (the account's others stay valid) and answers 200 with the
  // new one; a token that is not the account's is a bare not_found!
  r.post(`${base}/:token_id/rotate`, ctx => {
    const token = tokensOf(ctx).list.find(t => String(t.id) === ctx.params.token_id)
    if (!token) throw notFound()
    return ok(renderToken(rotateToken(ctx, token), {withValue: true}))
  })
}

function readFields(input: Input): {name?: string; username?: string; email?: string} {
  return {name: optionalString(input, 'name'), username: optionalString(input, 'username'), email: optionalString(input, 'email')}
}

/**
 * Two instance accounts, one in acme with tokens in every state (for the list filters), one in
 * opensource (never visible through acme).
 */
function seedAccounts(store: Store): true {
  const account = (username: string, name: string, groupId: number | null) => store.addUser({username, name, email: `${username}@${NOREPLY_DOMAIN}`, bot: true, service_account: {group_id: groupId}})
  account('service_account_backup', 'Backup bot', null)
  account('service_account_audit', 'Audit bot', null)
  const deployer = account('service_account_group_10_deployer', 'Deployer', 10)
  account('service_account_group_12_releaser', 'Releaser', 12)
  const tokens = tokenRecords(store)
  const token = (name: string, created_at: string, last_used_at: string | null, expires_at: string, scopes: string[], revoked = false) => {
    const id = store.nextId()
    const value = `seeded-service-account-${id}`
    const record: TokenRecord = {id, user_id: deployer.id, name, description: null, scopes, created_at, expires_at, last_used_at, revoked, impersonation: false, value}
    tokens.set(id, record)
    if (isActive(record)) store.tokens.set(value, deployer.id)
  }
  token('deploy-prod', '2026-01-10T08:00:00.000Z', '2026-01-14T12:00:00.000Z', '2030-12-31', ['api'])
  token('deploy-staging', '2026-01-12T08:00:00.000Z', null, '2029-06-30', ['read_repository', 'write_repository'])
  token('old-ci', '2025-11-01T08:00:00.000Z', '2025-12-01T08:00:00.000Z', '2025-12-31', ['api'])
  token('leaked', '2025-12-15T08:00:00.000Z', '2026-01-02T10:00:00.000Z', '2030-01-31', ['api'], true)
  return true
}

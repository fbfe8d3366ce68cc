// What a person reads after a package protection rule is written: the API layer returns the rule as
// the server kept it (src/api/package-protection.ts), and a delete level it ignored is said here.
import type {PackageProtectionRule, RuleChanges} from '../api/package-protection.js'
import {ApiError, CliError} from '../core/base/errors.js'
import {type Note, warning} from '../core/base/notes.js'

/**
 * With the `packages_protected_packages_delete` feature flag off the platform ignores the delete level
 * and answers null: worth a note, since the rule then does not protect what was asked.
 */
export function ignoredDeleteLevel(sent: RuleChanges, rule: PackageProtectionRule): Note | undefined {
  if (typeof sent.minimum_access_level_for_delete !== 'string' || rule.minimum_access_level_for_delete !== null) return undefined
  return warning(
    `the server ignored minimum_access_level_for_delete=${sent.minimum_access_level_for_delete} for "${rule.package_name_pattern}" (the packages_protected_packages_delete feature flag is probably off)`,
  )
}

/**
 * A rule sent with a delete level alone is refused by the model (422, "at least a minimum access role")
 * when that flag is off, since the level never reached it: the error says so, or it would read as if
 * the level had not been given.
 */
export async function withDeleteLevelAlone<T>(sent: RuleChanges, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const alone = typeof sent.minimum_access_level_for_delete === 'string' && (sent.minimum_access_level_for_push ?? null) === null
    if (!(error instanceof ApiError) || error.status !== 422 || !alone || !/minimum access role/.test(error.serverMessage)) throw error
    throw new CliError(`${error.message}; the server ignores minimum_access_level_for_delete while the packages_protected_packages_delete feature flag is off`, error.exitCode)
  }
}

// What the ci-variables commands share: where the variables live (the instance without a scope flag,
// a project with -p, a group with -g), the environment scope that picks one of a key's variables in a
// project or group, the masked-value rule checked on every path a value takes, and the words for a
// key the server finds in several environment scopes (409).
import type {Command} from '@oclif/core/command'
import {
  CI_VARIABLE_COLUMNS,
  ENVIRONMENT_SCOPE,
  INSTANCE,
  INSTANCE_VALUE_MAX,
  maskedValueProblem,
  SCOPED_CI_VARIABLE_COLUMNS,
  SCOPED_VALUE_INPUTS,
  SCOPED_VARIABLE_INPUTS,
  type ScopedVariableInput,
  VARIABLE_INPUTS,
  type VariableInput,
  type VariableScope,
} from '../api/ci-variables.js'
import {ApiError, CliError, UsageError} from '../core/base/errors.js'
import {thing} from '../core/base/notes.js'
import {ApiCommand} from '../core/command/api-command.js'
import {projectOrGroupFlags} from '../core/input/flags.js'
import {inputLabel} from '../core/input/input.js'
import {flagsOf} from '../core/input/input-flags.js'
import {readInputRecords} from '../core/input/records-file.js'
import {scopeOf, scopeThing} from '../core/input/scope.js'

/** -p or -g (neither: the instance), and --environment-scope for a project or group */
export const variableScopeFlags = {...projectOrGroupFlags, ...flagsOf(ENVIRONMENT_SCOPE)}

const ENVIRONMENT_FLAG = inputLabel(ENVIRONMENT_SCOPE.environment_scope)

export abstract class CiVariableCommand<T extends typeof Command> extends ApiCommand<T> {
  static flags = variableScopeFlags

  /** where the variables live: -p, -g, or the instance when neither is given */
  protected get where(): VariableScope {
    const flags = this.flags as {project?: string; group?: string}
    return flags.project === undefined && flags.group === undefined ? INSTANCE : scopeOf(flags)
  }

  /** --environment-scope, which the instance's variables do not have */
  protected async environmentScope(): Promise<string | undefined> {
    const {environment_scope: scope} = await this.read(ENVIRONMENT_SCOPE)
    if (scope !== undefined && this.where.kind === 'instance') throw new UsageError(`${ENVIRONMENT_FLAG} applies to the variables of a project (-p) or group (-g); the instance's have no environments`)
    return scope
  }

  /** the variable's inputs as given, its environment scope among them, the masked value and the instance's limit checked */
  protected async variable(): Promise<ScopedVariableInput> {
    return this.variableFrom(await this.read(SCOPED_VALUE_INPUTS))
  }

  /** a variable read some other way (`set` reads VALUE too, `valueLabel` then), with its environment scope, checked */
  protected async variableFrom(values: VariableInput, valueLabel = inputLabel(VARIABLE_INPUTS.value)): Promise<ScopedVariableInput> {
    // the flags take any length (a project's or group's value has no limit): the instance's is checked here
    const length = values.value === undefined ? 0 : [...values.value].length
    if (this.where.kind === 'instance' && length > INSTANCE_VALUE_MAX) throw new UsageError(`${valueLabel}: must be at most ${INSTANCE_VALUE_MAX} characters, not ${length}`)
    const problem = maskedValueProblem(values)
    if (problem) throw new UsageError(`${inputLabel(VARIABLE_INPUTS.value)} ${problem}`)
    const environmentScope = await this.environmentScope()
    return environmentScope === undefined ? values : {...values, environment_scope: environmentScope}
  }

  /** the variables of a --from-file file, every record checked (the masked value too) before anything is sent */
  protected async variablesFromFile(file: string): Promise<ScopedVariableInput[]> {
    if ((this.flags as {'environment-scope'?: string})['environment-scope'] !== undefined) {
      throw new UsageError(`${ENVIRONMENT_FLAG} and --from-file do not go together: each record names its environment_scope`)
    }
    // the instance's variables have no environment_scope: a record that gives one is refused as an unknown field
    const inputs = this.where.kind === 'instance' ? VARIABLE_INPUTS : SCOPED_VARIABLE_INPUTS
    return readInputRecords(file, inputs, this.io, values => {
      const problem = maskedValueProblem(values)
      return problem && `value ${problem}`
    })
  }

  /**
   * `instance CI/CD variable "TOKEN"`, `CI/CD variable "SITE_URL" (environment scope production) of
   * project "acme/web"`; unquoted as a question names it (`delete instance CI/CD variable TOKEN`)
   */
  protected variableThing(key: string, environmentScope?: string, {quoted = true} = {}): string {
    const where = this.where
    const name = (kind: string, handle: string) => (quoted ? thing(kind, handle) : `${kind} ${handle}`)
    if (where.kind === 'instance') return name('instance CI/CD variable', key)
    const scoped = environmentScope === undefined ? '' : ` (environment scope ${environmentScope})`
    return `${name('CI/CD variable', key)}${scoped} of ${name(where.kind === 'projects' ? 'project' : 'group', where.id)}`
  }

  /** a project's or group's list table shows each variable's environment scope */
  protected override get defaultColumns(): readonly string[] | undefined {
    const columns = super.defaultColumns
    return columns === CI_VARIABLE_COLUMNS && this.where.kind !== 'instance' ? SCOPED_CI_VARIABLE_COLUMNS : columns
  }

  public override async catch(error: Error & {exitCode?: number}): Promise<unknown> {
    // an answer comes only after the command line was read: where the variables live is known then
    if (error instanceof ApiError && error.status === 403) return super.catch(this.whoMay(error))
    return super.catch(error instanceof ApiError && error.status === 409 ? this.severalScopes(error) : error)
  }

  /** the server's 403, with who may: admin_cicd_variables is a group's Owners', a project's Maintainers' (group_policy.rb, project_policy.rb) */
  private whoMay(error: ApiError): Error {
    const where = this.where
    if (where.kind === 'instance') return new CliError(`${error.message}: the instance's CI/CD variables are for administrators`, error.exitCode)
    const who = where.kind === 'groups' ? "the group's Owners" : "the project's Maintainers and Owners"
    return new CliError(`${error.message}: the CI/CD variables of ${scopeThing(where)} are for ${who}`, error.exitCode)
  }

  /** the server's 409 "multiple variables", in words that say what to do */
  private severalScopes(error: ApiError): Error {
    const where = this.where
    if (where.kind === 'instance') return error
    const flag = where.kind === 'projects' ? '-p' : '-g'
    const list = `\`ci-variables list ${flag} ${where.id}\``
    return new CliError(`${error.message}: the key exists in several environment scopes of ${scopeThing(where)}; name one with ${ENVIRONMENT_FLAG} (${list} shows them)`, error.exitCode)
  }
}

import * as Flags from '@oclif/core/flags'
import {formatFlag, slugArg, updateWikiPage} from '../../api/wikis.js'
import {ApiCommand} from '../../core/base-command.js'
import {UsageError} from '../../core/errors.js'
import {projectOrGroupFlags, textFrom, textOrFileFlags} from '../../core/flags.js'
import {scopeOf} from '../../core/scope.js'

export default class WikisUpdate extends ApiCommand<typeof WikisUpdate> {
  static summary = 'Change a wiki page\'s content, title or format'
  static description = 'PUT /projects/:id/wikis/:slug or /groups/:id/wikis/:slug (Developer role at least). Needs --content (or --content-file) or --title; a new title moves the page to a new slug. Each change keeps the earlier version readable with `wikis get --version`.'
  static examples = [
    '<%= config.bin %> wikis update home -p my-group/my-project --content-file home.md',
    '<%= config.bin %> wikis update docs/setup -g my-group --title docs/installation',
  ]
  static args = {slug: slugArg}
  static flags = {
    ...projectOrGroupFlags,
    title: Flags.string({description: 'new title (changes the slug)'}),
    ...textOrFileFlags('content', 'new page content'),
    format: formatFlag,
  }

  async run(): Promise<void> {
    const scope = scopeOf(this.flags)
    // spec: "content (required if title absent); title (required if content absent)"
    if (this.flags.title === undefined && this.flags.content === undefined && this.flags['content-file'] === undefined) {
      throw new UsageError('give --content (or --content-file) or --title: the API needs at least one of them')
    }
    const content = await textFrom(this.flags, 'content')
    await this.print(await updateWikiPage(this.api, scope, this.args.slug, {title: this.flags.title, content, format: this.flags.format}))
  }
}

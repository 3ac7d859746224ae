import { Flags } from '@oclif/core';
import { BaseCommand, commonFlags, formatFlag, indexOptions, restoreFlags, useColor } from '../cli/base-command.js';
import { progressReporter } from '../cli/progress.js';

export default class Index extends BaseCommand {
  static override description =
    'Build, update or reuse the index of the working tree or of a commit: the cached artifact of the commit, else the newest cached ancestor plus the diff, else a build from scratch.';
  static override examples = ['<%= config.bin %> index', '<%= config.bin %> index --rev origin/main --format json', '<%= config.bin %> index --full --jobs 4', '<%= config.bin %> index --rev HEAD --deepen'];
  static override flags = {
    ...commonFlags,
    ...restoreFlags,
    rev: Flags.string({ description: 'Index this commit, read from git objects (no checkout), instead of the working tree.' }),
    full: Flags.boolean({ description: 'Rebuild from scratch even when a valid artifact exists.', default: false }),
    jobs: Flags.integer({ char: 'j', description: 'Parse with this many worker threads (default: the number of cores).', min: 1 }),
    format: formatFlag(['text', 'json'] as const, 'text'),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Index);
    const progress = progressReporter(!flags.quiet && flags.format !== 'json');
    try {
      // Loaded here, not at the top: the pipeline is most of the CLI's code (see scripts/bundle-cli.js).
      const { buildIndex } = await import('../pipeline/build-index.js');
      const result = await buildIndex(indexOptions(flags, progress.onProgress));
      progress.stop();
      if (flags.format === 'json') {
        const { assertOutputValid } = await import('../schema/validate.js');
        assertOutputValid('index-result', result);
        await this.emit(JSON.stringify(result, null, 2));
      } else {
        const { renderIndexResult } = await import('../report/index-result.js');
        await this.emit(renderIndexResult(result, { color: useColor() }));
      }
    } finally {
      progress.stop();
    }
  }
}

import { Flags } from '@oclif/core';
import { BaseCommand, commonFlags, formatFlag, indexOptions, useColor } from '../cli/base-command.js';
import { progressReporter } from '../cli/progress.js';

export default class Status extends BaseCommand {
  static override description = 'What the index holds: files, symbols and edges by language, parse failures, and how references resolved.';
  static override examples = ['<%= config.bin %> status', '<%= config.bin %> status --format json'];
  static override flags = {
    ...commonFlags,
    rev: Flags.string({ description: 'Report on the index of this commit instead of the working tree.' }),
    format: formatFlag(['text', 'json'] as const, 'text'),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Status);
    const progress = progressReporter(!flags.quiet && flags.format !== 'json');
    try {
      const { indexStatus } = await import('../pipeline/index-status.js');
      const report = await indexStatus(indexOptions(flags, progress.onProgress));
      progress.stop();
      if (flags.format === 'json') {
        const { assertOutputValid } = await import('../schema/validate.js');
        assertOutputValid('status', report);
        await this.emit(JSON.stringify(report, null, 2));
      } else {
        const { renderStatus } = await import('../report/status-text.js');
        await this.emit(renderStatus(report, { color: useColor() }));
      }
    } finally {
      progress.stop();
    }
  }
}

import { Flags } from '@oclif/core';
import type { QueryRequest } from '../pipeline/run-query.js';
import { runQuery } from '../pipeline/run-query.js';
import { renderQueryText } from '../report/query-text.js';
import { assertOutputValid } from '../schema/validate.js';
import { BaseCommand, commonFlags, formatFlag, indexOptions } from './base-command.js';
import { progressReporter } from './progress.js';

/** Flags every `ratlas query` subcommand has. */
export const queryFlags = {
  ...commonFlags,
  rev: Flags.string({ description: 'Ask the index of this commit instead of the working tree.' }),
  format: formatFlag(['text', 'json'] as const, 'text'),
};

/** The shared run of the `ratlas query` subcommands: open the index, ask, print text or JSON. */
export abstract class QueryCommand extends BaseCommand {
  protected async answer(flags: { format: string; quiet: boolean; repo?: string | undefined; 'cache-dir'?: string | undefined; rev?: string | undefined }, request: QueryRequest): Promise<void> {
    const progress = progressReporter(!flags.quiet && flags.format !== 'json');
    try {
      const result = await runQuery(indexOptions(flags, progress.onProgress), request);
      progress.stop();
      if (flags.format === 'json') {
        assertOutputValid('query-result', result);
        await this.emit(JSON.stringify(result, null, 2));
      } else {
        await this.emit(renderQueryText(result));
      }
    } finally {
      progress.stop();
    }
  }
}

import { Args, Flags } from '@oclif/core';
import type { QueryRequest } from '../pipeline/run-query.js';
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
      // Loaded here, not at the top: the pipeline is most of the CLI's code (see scripts/bundle-cli.js).
      const [{ runQuery }, { renderFileBlock }] = await Promise.all([import('../pipeline/run-query.js'), import('../report/context-map.js')]);
      const result = await runQuery(indexOptions(flags, progress.onProgress), request, renderFileBlock);
      progress.stop();
      if (flags.format === 'json') {
        const { assertOutputValid } = await import('../schema/validate.js');
        assertOutputValid('query-result', result);
        await this.emit(JSON.stringify(result, null, 2));
      } else {
        const { renderQueryText } = await import('../report/query-text.js');
        await this.emit(renderQueryText(result));
      }
    } finally {
      progress.stop();
    }
  }
}

/** `ratlas query callers` and `ratlas query callees`: one command shape, two directions. */
export function relationCommand(direction: 'callers' | 'callees') {
  return class extends QueryCommand {
    static override description =
      direction === 'callers' ? 'Who uses a symbol, breadth first (what the MCP tool callers_of answers).' : 'What a symbol uses, breadth first (what the MCP tool callees_of answers).';
    static override examples = [`<%= config.bin %> query ${direction} Store.save --file src/store.ts`, `<%= config.bin %> query ${direction} parseConfig --depth 2 --format json`];
    static override args = { qualname: Args.string({ description: 'The symbol: a qualname (Class.method) or a name.', required: true, ignoreStdin: true }) };
    static override flags = {
      ...queryFlags,
      file: Flags.string({ description: 'The file that declares it, when the name is not unique.' }),
      depth: Flags.integer({ description: 'How many steps to follow.', default: 1, min: 1, max: 10 }),
      limit: Flags.integer({ description: 'Most symbols listed.', default: 50, min: 1 }),
    };

    async run(): Promise<void> {
      const { args, flags } = await this.parse(this.constructor as ReturnType<typeof relationCommand>);
      await this.answer(flags, { kind: direction, qualname: args.qualname, depth: flags.depth, limit: flags.limit, ...(flags.file === undefined ? {} : { file: flags.file }) });
    }
  };
}

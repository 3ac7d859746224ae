import { Flags } from '@oclif/core';
import { QueryCommand, queryFlags } from '../cli/query-command.js';

export default class QueryMap extends QueryCommand {
  static override description = 'The repository map the MCP tool repo_map gives: files by importance (PageRank over the dependency graph), packed into a token budget.';
  static override examples = ['<%= config.bin %> query map --budget 2000', '<%= config.bin %> query map --path-prefix src/store --format json'];
  static override flags = {
    ...queryFlags,
    budget: Flags.integer({ description: 'Token budget.', default: 2000, min: 100 }),
    'path-prefix': Flags.string({ description: 'Only files under this folder.', default: '' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(QueryMap);
    await this.answer(flags, { kind: 'map', pathPrefix: flags['path-prefix'], budget: flags.budget });
  }
}

import { Args, Flags } from '@oclif/core';
import { QueryCommand, queryFlags } from '../cli/query-command.js';

export default class QuerySymbol extends QueryCommand {
  static override description = 'Symbols matching a name or words, best first (what the MCP tool find_symbol searches).';
  static override examples = ['<%= config.bin %> query symbol parseConfig', '<%= config.bin %> query symbol "artifact lock" --format json'];
  static override args = { query: Args.string({ description: 'A qualname, a name, or words.', required: true, ignoreStdin: true }) };
  static override flags = { ...queryFlags, limit: Flags.integer({ description: 'Most symbols listed.', default: 20, min: 1 }) };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(QuerySymbol);
    await this.answer(flags, { kind: 'symbol', query: args.query, limit: flags.limit });
  }
}

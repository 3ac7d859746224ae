import { Args, Flags } from '@oclif/core';
import { QueryCommand, queryFlags } from '../cli/query-command.js';

export default class QueryCallers extends QueryCommand {
  static override description = 'Who uses a symbol, breadth first (what the MCP tool callers_of answers).';
  static override examples = ['<%= config.bin %> query callers Store.save --file src/store.ts', '<%= config.bin %> query callers parseConfig --depth 2 --format json'];
  static override args = { qualname: Args.string({ description: 'The symbol: a qualname (Class.method) or a name.', required: true }) };
  static override flags = {
    ...queryFlags,
    file: Flags.string({ description: 'The file that declares it, when the name is not unique.' }),
    depth: Flags.integer({ description: 'How many steps to follow.', default: 1, min: 1, max: 10 }),
    limit: Flags.integer({ description: 'Most symbols listed.', default: 50, min: 1 }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(QueryCallers);
    await this.answer(flags, { kind: 'callers', qualname: args.qualname, depth: flags.depth, limit: flags.limit, ...(flags.file === undefined ? {} : { file: flags.file }) });
  }
}

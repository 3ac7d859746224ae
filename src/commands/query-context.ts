import { Args, Flags } from '@oclif/core';
import { QueryCommand, queryFlags } from '../cli/query-command.js';

export default class QueryContext extends QueryCommand {
  static override description =
    'The files the MCP tool get_context gives for a task, best first, each tagged with why it ranked (match, graph, co-change, history, changed); --format json adds the signals behind each score.';
  static override examples = ['<%= config.bin %> query context "retry failed uploads"', '<%= config.bin %> query context "rename the cache key" --budget 4000 --format json'];
  static override args = { task: Args.string({ description: 'What you are about to do, in words.', required: true, ignoreStdin: true }) };
  static override flags = {
    ...queryFlags,
    budget: Flags.integer({ description: 'Token budget.', default: 2000, min: 100 }),
    focus: Flags.string({ description: 'A file that matters (ranked first); repeatable.', multiple: true, default: [] }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(QueryContext);
    await this.answer(flags, { kind: 'context', task: args.task, focusFiles: flags.focus, budget: flags.budget });
  }
}

import { Flags } from '@oclif/core';
import { BaseCommand } from '../cli/base-command.js';

export default class Init extends BaseCommand {
  static override description = `Set up ratlas in a repository: detects languages, the test runner and the tests its configuration defines, adds .ratlas/ to .gitignore, and prints a GitHub workflow for the runner and the MCP snippets for Claude Code and Cursor. Says which runner configuration it could not read statically and what to set in ratlas.config.json.
Running it again changes nothing. Exit codes: 0 done, 2 not a repository.`;
  static override examples = ['<%= config.bin %> init --dry-run', '<%= config.bin %> init --repo ../shop'];
  static override flags = {
    repo: Flags.directory({ description: 'Repository to set up (default: the current directory).', exists: true }),
    'dry-run': Flags.boolean({ description: 'Show what would be written, write nothing.', default: false }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Init);
    const [{ applyInit, planInit }, { renderInit }] = await Promise.all([import('../pipeline/init-project.js'), import('../report/init-text.js')]);
    const plan = await planInit(flags.repo ?? process.cwd());
    if (!flags['dry-run']) applyInit(plan);
    await this.emit(renderInit(plan, { dryRun: flags['dry-run'] }));
  }
}

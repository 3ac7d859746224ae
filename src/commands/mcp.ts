import { Flags } from '@oclif/core';
import { BaseCommand } from '../cli/base-command.js';

export default class Mcp extends BaseCommand {
  static override description =
    'Serve the index to coding agents over the Model Context Protocol (stdio): ranked context maps, symbols, callers, callees and blast radius, always about the current working tree. Indexes on first use.';
  static override examples = ['<%= config.bin %> mcp', '<%= config.bin %> mcp --repo ~/src/project', 'claude mcp add ratlas -- npx ratlas mcp'];
  static override flags = {
    repo: Flags.directory({ description: 'Repository to serve (default: the current directory).', exists: true }),
    'cache-dir': Flags.string({ description: 'Folder for index artifacts (default: .ratlas/ at the repo root; env RATLAS_CACHE_DIR).' }),
    jobs: Flags.integer({ char: 'j', description: 'Parse with this many worker threads (default: the number of cores).', min: 1 }),
    'freshness-timeout': Flags.integer({
      description: 'Milliseconds a call waits for working-tree edits to be indexed before answering marked STALE.',
      default: 2000,
      min: 0,
    }),
    'open-timeout': Flags.integer({ description: 'Milliseconds a call waits for the first index build before failing with "still indexing".', default: 50_000, min: 0 }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Mcp);
    // Loaded here, not at the top: the server pulls in the tokenizer, which no other command needs.
    const { serveStdio } = await import('../mcp/server.js');
    await serveStdio({
      cwd: flags.repo ?? process.cwd(),
      freshnessTimeoutMs: flags['freshness-timeout'],
      openTimeoutMs: flags['open-timeout'],
      ...(flags['cache-dir'] !== undefined ? { cacheDir: flags['cache-dir'] } : {}),
      ...(flags.jobs !== undefined ? { jobs: flags.jobs } : {}),
    });
  }
}

import { Flags } from '@oclif/core';
import bytes from 'bytes';
import type { PruneCacheOptions } from '../pipeline/prune-cache.js';
import { RatlasError } from '../util/errors.js';
import { BaseCommand, commonFlags, formatFlag } from '../cli/base-command.js';

export default class CachePrune extends BaseCommand {
  static override description =
    'Remove index artifacts: damaged ones, those of deleted worktrees and leftovers of interrupted writes always; then the oldest commit artifacts beyond --keep or over --max-size.';
  static override examples = ['<%= config.bin %> cache prune --keep 20', '<%= config.bin %> cache prune --max-size 2GB --dry-run'];
  static override flags = {
    ...commonFlags,
    keep: Flags.integer({ description: 'Keep at most this many commit artifacts, the most recently written.', min: 0 }),
    'max-size': Flags.string({ description: 'Remove the oldest commit artifacts until the cache takes at most this much (500MB, 2GB).' }),
    'dry-run': Flags.boolean({ description: 'Say what would be removed; remove nothing.', default: false }),
    format: formatFlag(['text', 'json'] as const, 'text'),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(CachePrune);
    const options: PruneCacheOptions = { cwd: flags.repo ?? process.cwd(), dryRun: flags['dry-run'] };
    if (flags['cache-dir'] !== undefined) options.cacheDir = flags['cache-dir'];
    if (flags.keep !== undefined) options.keep = flags.keep;
    if (flags['max-size'] !== undefined) options.maxBytes = parseSize(flags['max-size']);
    const { pruneCache } = await import('../pipeline/prune-cache.js');
    const report = await pruneCache(options);
    if (flags.format === 'json') {
      const { assertOutputValid } = await import('../schema/validate.js');
      assertOutputValid('cache-prune', report);
      await this.emit(JSON.stringify(report, null, 2));
    } else {
      const { renderCachePrune } = await import('../report/cache-prune-text.js');
      await this.emit(renderCachePrune(report));
    }
  }
}

function parseSize(text: string): number {
  const parsed = bytes.parse(text);
  if (parsed === null || Number.isNaN(parsed) || parsed < 0) {
    throw new RatlasError('bad-size', `--max-size ${text} is not a size.`, { hint: 'Write it like 500MB, 2GB or 1048576 (bytes).' });
  }
  return parsed;
}

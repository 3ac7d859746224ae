import { BaseCommand, commonFlags, formatFlag, useColor } from '../cli/base-command.js';

export default class CacheList extends BaseCommand {
  static override description = 'List the index artifacts in the cache folder, newest first: commit, size, age, generation, and whether this ratlas can use them.';
  static override examples = ['<%= config.bin %> cache list', '<%= config.bin %> cache list --format json'];
  static override flags = { ...commonFlags, format: formatFlag(['text', 'json'] as const, 'text') };

  async run(): Promise<void> {
    const { flags } = await this.parse(CacheList);
    const { listCache } = await import('../pipeline/list-cache.js');
    const listing = await listCache({ cwd: flags.repo ?? process.cwd(), ...(flags['cache-dir'] !== undefined ? { cacheDir: flags['cache-dir'] } : {}) });
    if (flags.format === 'json') {
      const { assertOutputValid } = await import('../schema/validate.js');
      assertOutputValid('cache-list', listing);
      await this.emit(JSON.stringify(listing, null, 2));
    } else {
      const { renderCacheList } = await import('../report/cache-list-text.js');
      await this.emit(renderCacheList(listing, { color: useColor() }));
    }
  }
}

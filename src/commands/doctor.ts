import { Flags } from '@oclif/core';
import type { CheckIndexOptions } from '../pipeline/check-index.js';
import { ExitCode } from '../util/errors.js';
import { BaseCommand, commonFlags, formatFlag, useColor } from '../cli/base-command.js';

export default class Doctor extends BaseCommand {
  static override description =
    'Check that the index is sound: artifact checksum, schema version, SQLite integrity and foreign keys, and a sample of files parsed and resolved again and compared with the index. Exits 1 when a check fails; --repair removes what is broken and rebuilds.';
  static override examples = ['<%= config.bin %> doctor', '<%= config.bin %> doctor --rev HEAD --sample 200', '<%= config.bin %> doctor --repair'];
  static override flags = {
    ...commonFlags,
    rev: Flags.string({ description: 'Check the index of this commit instead of the working tree.' }),
    sample: Flags.integer({ description: 'Files to parse and resolve again and compare with the index.', default: 25, min: 0 }),
    repair: Flags.boolean({ description: 'Remove damaged artifacts and leftovers of interrupted writes, and rebuild the index from scratch if it failed a check.', default: false }),
    format: formatFlag(['text', 'json'] as const, 'text'),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Doctor);
    const options: CheckIndexOptions = { cwd: flags.repo ?? process.cwd(), sample: flags.sample, repair: flags.repair };
    if (flags.rev !== undefined) options.rev = flags.rev;
    if (flags['cache-dir'] !== undefined) options.cacheDir = flags['cache-dir'];
    const { checkIndex } = await import('../pipeline/check-index.js');
    const report = await checkIndex(options);
    if (flags.format === 'json') {
      const { assertOutputValid } = await import('../schema/validate.js');
      assertOutputValid('doctor', report);
      await this.emit(JSON.stringify(report, null, 2));
    } else {
      const { renderDoctor } = await import('../report/doctor-text.js');
      await this.emit(renderDoctor(report, { color: useColor() }));
    }
    const fine = report.repair ? report.repair.healthyAfter : report.healthy;
    if (!fine) process.exitCode = ExitCode.GateFailed;
  }
}

import { Flags } from '@oclif/core';
import { writeFileSync } from 'node:fs';
import { BaseCommand, commonFlags, formatFlag, indexOptions } from '../cli/base-command.js';
import { progressReporter } from '../cli/progress.js';
import { RatlasError } from '../util/errors.js';

export default class Export extends BaseCommand {
  static override description = 'Print the whole graph (files, symbols, edges) as JSON, validated against schemas/graph-export.schema.json.';
  static override examples = ['<%= config.bin %> export --format json > graph.json', '<%= config.bin %> export --rev HEAD~1 --output base.json'];
  static override flags = {
    ...commonFlags,
    rev: Flags.string({ description: 'Export the index of this commit instead of the working tree.' }),
    format: formatFlag(['json'] as const, 'json'),
    output: Flags.string({ char: 'o', description: 'Write to this file instead of stdout.' }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Export);
    const progress = progressReporter(!flags.quiet && flags.output !== undefined);
    try {
      const { exportGraph } = await import('../pipeline/export-graph.js');
      const graph = await exportGraph(indexOptions(flags, progress.onProgress));
      progress.stop();
      const text = `${JSON.stringify(graph, null, 2)}\n`;
      if (flags.output) writeOutput(flags.output, text);
      else await this.emit(text);
    } finally {
      progress.stop();
    }
  }
}

/** A file that cannot be written (missing folder, no permission) is the user's to fix: exit 2. */
function writeOutput(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new RatlasError('output-unwritable', `Cannot write --output ${path} (${code}).`, { hint: 'Pass a path in an existing, writable folder.', cause: error });
  }
}

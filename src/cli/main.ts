import { execute } from '@oclif/core';

/**
 * Runs the CLI (bin/run.js calls this from the bundle in dist/bundle/). `dir`: a file of the package,
 * from which oclif finds package.json, the manifest and the commands.
 */
export function run(dir: string): Promise<unknown> {
  return execute({ dir });
}

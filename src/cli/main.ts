import { execute } from '@oclif/core';
import { keepWasmOnBaseline } from '../util/wasm-tiering.js';

/**
 * Runs the CLI (bin/run.js calls this from the bundle in dist/bundle/). `dir`: a file of the package,
 * from which oclif finds package.json, the manifest and the commands.
 */
export function run(dir: string): Promise<unknown> {
  keepWasmOnBaseline();
  return execute({ dir });
}

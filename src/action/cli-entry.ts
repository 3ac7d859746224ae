import { execute } from '@oclif/core';
import { keepWasmOnBaseline } from '../util/wasm-tiering.js';
import { BUNDLE_COMMANDS } from './bundle-commands.js';

/** oclif loads the commands from this module (action-dist/package.json names it), by this name. */
export const COMMANDS = BUNDLE_COMMANDS;

keepWasmOnBaseline();

// No top-level await: oclif imports this very module to find COMMANDS, and an import of a module
// still evaluating would wait for itself.
execute({ dir: import.meta.url }).catch((error: unknown) => {
  process.stderr.write(`Error: ratlas failed to start: ${(error as Error).message}\n`);
  process.exitCode = 3;
});

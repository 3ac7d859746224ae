import { setFlagsFromString } from 'node:v8';

/**
 * Keeps WebAssembly (the grammars, sql.js) on V8's baseline code unless a function runs for a long
 * time. By default V8 recompiles every warm WebAssembly function with its optimizing compiler on
 * background threads, and Node waits for those compiles before the process exits: a short command
 * spent 0.4-0.6 s after its last output doing nothing but that, and on two cores the compiles took
 * CPU from the work they were meant to speed up. Measured (bench/README.md, fifteenth session):
 * `impact` on a small repository 2.39 -> 1.57 s, on typeorm's 10-file change 5.33 -> 5.06 s, a cold
 * index of typeorm unchanged within the noise. A budget this large still optimizes what runs for
 * seconds (a long index's lexers), and unlike `--liftoff-only` it leaves the optimizing compiler to
 * any function the baseline compiler cannot compile. Call it before anything instantiates
 * WebAssembly: each instance takes its budget from the flag, in every thread of the process.
 */
export function keepWasmOnBaseline(): void {
  // A V8 without the flag would print that it is unknown on every run: set only on the V8 versions
  // known to have it (Node 20-24: V8 11-13), and otherwise run as V8 chooses.
  if (Number(process.versions.v8.split('.')[0]) > LAST_V8_WITH_FLAG) return;
  setFlagsFromString(`--wasm-tiering-budget=${TIERING_BUDGET}`);
}

const LAST_V8_WITH_FLAG = 13;

/** V8's default is 1,800,000 ("a rough approximation of bytes executed" per function). */
const TIERING_BUDGET = 2_000_000_000;

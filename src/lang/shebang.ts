/**
 * How much of a file's start decides its language when its name has no extension: a `#!` line
 * (`#!/usr/bin/env -S node --no-warnings`) fits in it with room to spare.
 */
export const SCRIPT_HEAD_BYTES = 512;

/** The start of a file's bytes as text: what languageForPath reads of a file without an extension. */
export function scriptHead(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes.subarray(0, SCRIPT_HEAD_BYTES));
}

/** Whether a path names a file without an extension (`bin/terser`): its language, if any, is its `#!` line's. */
export function hasNoExtension(path: string): boolean {
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}

/** `env` options that take the next word as their value (`-u NAME`, `-C DIR`). */
const ENV_VALUED = new Set(['-u', '-C', '--unset', '--chdir']);

/**
 * The base name of the program a `#!` line runs a file with, or undefined when the text starts with
 * no `#!`. `#!/usr/bin/node` runs `node`; `#!/usr/bin/env node`, `#!/usr/bin/env -S node --flags`
 * and `#!/usr/bin/env FOO=1 node` run `node` too: env runs the first word after its own options and
 * variable settings (`-S` splits the rest of the line into words, which this reading does anyway).
 */
export function shebangProgram(head: string): string | undefined {
  if (!head.startsWith('#!')) return undefined;
  const end = head.indexOf('\n');
  const words = (end < 0 ? head : head.slice(0, end)).slice(2).trim().split(/\s+/).filter((w) => w !== '');
  const program = words[0];
  if (program === undefined) return undefined;
  if (baseName(program) !== 'env') return baseName(program);
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (ENV_VALUED.has(word)) i++;
    else if (word.startsWith('-S') && word.length > 2) return baseName(word.slice(2));
    else if (word.startsWith('--split-string=')) return baseName(word.slice('--split-string='.length));
    else if (!word.startsWith('-') && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) return baseName(word);
  }
  return undefined;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

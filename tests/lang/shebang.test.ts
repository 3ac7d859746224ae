import { describe, expect, it } from 'vitest';
import { languageForPath } from '../../src/lang/registry.js';
import { shebangProgram } from '../../src/lang/shebang.js';

describe('a `#!` line', () => {
  it('names the program that runs the file, through env and its options', () => {
    expect(shebangProgram('#!/usr/bin/env node\nrequire("x")')).toBe('node');
    expect(shebangProgram('#!/usr/bin/node --no-warnings\n')).toBe('node');
    expect(shebangProgram('#! /usr/local/bin/node\r\n')).toBe('node');
    expect(shebangProgram('#!/usr/bin/env -S node --experimental-vm-modules\n')).toBe('node');
    expect(shebangProgram('#!/usr/bin/env -Snode --flag\n')).toBe('node');
    expect(shebangProgram('#!/usr/bin/env --split-string=node\n')).toBe('node');
    expect(shebangProgram('#!/usr/bin/env -i -u HOME NODE_ENV=test node\n')).toBe('node');
    expect(shebangProgram('#!/usr/bin/env python3\n')).toBe('python3');
    expect(shebangProgram('#!/bin/sh\n')).toBe('sh');
    expect(shebangProgram('#!/usr/bin/env\n')).toBeUndefined();
    expect(shebangProgram('// no shebang\n')).toBeUndefined();
  });

  it('makes a file without an extension a script of the language that owns that program', () => {
    const of = (path: string, head?: string) => languageForPath(path, head)?.id ?? null;
    expect(of('bin/terser', '#!/usr/bin/env node\n')).toBe('javascript');
    expect(of('bin/terser', '#!/usr/bin/env -S node --enable-source-maps\n')).toBe('javascript');
    expect(of('bin/run', '#!/usr/bin/env -S npx tsx\n')).toBeNull();
    expect(of('bin/run', '#!/usr/bin/env tsx\n')).toBe('typescript');
    expect(of('scripts/release', '#!/usr/bin/env python3.12\n')).toBe('python');
    expect(of('scripts/release', '#!/usr/bin/python\n')).toBe('python');
    expect(of('scripts/deploy', '#!/bin/bash\n')).toBeNull();
    expect(of('Makefile', 'all:\n\tnode x.js\n')).toBeNull();
    // Without its first bytes a file without an extension is no code; an extension decides alone.
    expect(of('bin/terser')).toBeNull();
    expect(of('bin/tool.sh', '#!/usr/bin/env node\n')).toBeNull();
    expect(of('lib/a.js', '#!/bin/sh\n')).toBe('javascript');
    expect(of('.eslintrc', '#!/usr/bin/env node\n')).toBeNull();
  });
});

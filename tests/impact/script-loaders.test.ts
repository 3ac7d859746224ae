import { describe, expect, it } from 'vitest';
import { handedPathLoaders, scopeLoaders } from '../../src/pipeline/impact/loader-scopes.js';

/** Texts by path, as a side's texts are read. */
const reader = (texts: Record<string, string>) => async (paths: readonly string[]) => new Map(paths.flatMap((p) => (texts[p] === undefined ? [] : [[p, texts[p]] as const])));

const SPAWNING = '#!/usr/bin/env node\nconst { execFileSync } = require("node:child_process");\nconst path = require("node:path");\nexecFileSync(process.execPath, [path.join(__dirname, "..", "lib", "worker.js")]);\n';
const LOADING = '#!/usr/bin/env node\nconst path = require("node:path");\nrequire(path.join(__dirname, "../plugins", process.argv[2]));\n';

describe('a script without an extension, read for what it loads', () => {
  it('hands the paths its text builds, in the language its `#!` line names', async () => {
    const loaders = await handedPathLoaders(['bin/tool'], reader({ 'bin/tool': SPAWNING }));
    expect(loaders).toEqual([{ file: 'bin/tool', scope: 'lib/worker.js', code: 'handed-path' }]);
  });

  it('bounds its dynamic loads to the folder its text names, not its whole package', async () => {
    const { scoped } = await scopeLoaders([{ file: 'bin/tool', code: 'dynamic-require' }], reader({ 'bin/tool': LOADING }), () => '');
    expect(scoped.map((l) => l.scope)).toEqual(['plugins']);
  });
});

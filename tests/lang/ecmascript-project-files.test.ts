import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/config/load-config.js';
import { asCompilerConfig, ecmascriptProjectFiles } from '../../src/lang/ecmascript/project-files.js';
import { toProjectFile } from '../../src/pipeline/project-files.js';

const read = (path: string, text: string) => ecmascriptProjectFiles.read(path, text) ?? undefined;
const bytes = (text: string) => new TextEncoder().encode(text);

describe('project files TypeScript reads: by name, and a JSON file only its text makes a compiler config', () => {
  it('reads a shared config under any name, and no JSON that is something else', () => {
    // A workspace package's shared base, extended as `@repo/tsconfig/base.json`.
    expect(asCompilerConfig(read('packages/tsconfig/base.json', '{ "compilerOptions": { "baseUrl": "../..", "paths": { "@core/*": ["core/*"] } } }'))).toMatchObject({
      baseUrl: '../..',
      paths: { '@core/*': ['core/*'] },
    });
    // A preset that only picks its bases, JSONC as TypeScript allows.
    expect(asCompilerConfig(read('configs/app.json', '{\n  // the app\n  "extends": ["./base.json"], "include": ["src"],\n}'))).toMatchObject({ extends: ['./base.json'] });
    // Data, and other tools' configs that use `extends`.
    expect(read('src/fixtures/rows.json', '{ "rows": [1, 2] }')).toBeUndefined();
    expect(read('renovate.json', '{ "extends": ["config:base"] }')).toBeUndefined();
    expect(read('renovate.json', '{ "extends": ["github>owner/renovate-config"] }')).toBeUndefined();
    expect(read('.babelrc.json', '{ "extends": "./base.babelrc.json", "plugins": ["x"] }')).toBeUndefined();
    expect(read('src/list.json', '[{ "compilerOptions": {} }]')).toBeUndefined();
    expect(read('src/broken.json', '{ "compilerOptions": ')).toBeUndefined();
    // By name, as before: any object.
    expect(asCompilerConfig(read('tsconfig.build.json', '{}'))).toMatchObject({ kind: 'tsconfig', extends: [] });
  });

  it('admits only JSON by content; keeps one that is not a config by its hash alone', () => {
    expect(ecmascriptProjectFiles.mayMatch?.('packages/tsconfig/base.json')).toBe(true);
    expect(ecmascriptProjectFiles.mayMatch?.('src/base.ts')).toBe(false);
    const config = DEFAULTS;
    const data = toProjectFile('src/fixtures/rows.json', bytes('{ "rows": [1] }\n'), config);
    expect(data).toMatchObject({ path: 'src/fixtures/rows.json', text: '' });
    expect(data?.hash).toMatch(/^[0-9a-f]{40}$/);
    const shared = '{ "compilerOptions": { "strict": true } }\n';
    expect(toProjectFile('packages/tsconfig/base.json', bytes(shared), config)?.text).toBe(shared);
    // One that cannot be read (binary, over index.maxFileBytes) is known by its hash all the same;
    // a package.json that cannot be read is absent, as before.
    expect(toProjectFile('src/blob.json', bytes('\u0000{}'), config)).toMatchObject({ text: '' });
    expect(toProjectFile('src/big.json', bytes('{ "compilerOptions": {} }'), { ...config, index: { ...config.index, maxFileBytes: 8 } })).toMatchObject({ text: '' });
    expect(toProjectFile('package.json', bytes('\u0000{}'), config)).toBeNull();
    // A file named as one keeps its text whatever it holds.
    expect(toProjectFile('package.json', bytes('{ "name": "x" }'), config)?.text).toBe('{ "name": "x" }');
  });
});

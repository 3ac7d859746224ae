import { describe, expect, it } from 'vitest';
import { callEdges, callSite, resolveTree } from '../helpers/resolve-tree.js';

describe('module resolution from project files', () => {
  it('maps tsconfig paths, relative to baseUrl when one is set, through extends', async () => {
    const tree = await resolveTree({
      'tsconfig.base.json': '{\n  // comments and trailing commas are fine\n  "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/*"], "~": ["src/index.ts"], }, },\n}\n',
      'tsconfig.json': '{ "extends": "./tsconfig.base" }\n',
      'src/util/format.ts': 'export function format() {}\n',
      'src/index.ts': 'export function start() {}\n',
      'src/util/time.ts': 'export function now() {}\n',
      'test/app.test.ts': "import { format } from '@app/util/format';\nimport { start } from '~';\nimport { now } from 'src/util/time';\nformat(); start(); now();\n",
    });
    expect(callEdges(tree)).toEqual([
      'test/app.test.ts#<module> -> src/index.ts#start (import)',
      'test/app.test.ts#<module> -> src/util/format.ts#format (import)',
      'test/app.test.ts#<module> -> src/util/time.ts#now (import)',
    ]);
  });

  it('uses the nearest tsconfig.json: paths without baseUrl are relative to the config that declares them', async () => {
    const tree = await resolveTree({
      'packages/web/tsconfig.json': '{ "compilerOptions": { "paths": { "#lib/*": ["./lib/*"] } } }\n',
      'packages/web/lib/dom.ts': 'export function render() {}\n',
      'packages/web/src/main.ts': "import { render } from '#lib/dom';\nrender();\n",
    });
    expect(callEdges(tree)).toEqual(['packages/web/src/main.ts#<module> -> packages/web/lib/dom.ts#render (import)']);
  });

  it('resolves workspace packages by name to their source: exports conditions, entry fields, build output mapped back', async () => {
    const tree = await resolveTree({
      'package.json': '{ "name": "monorepo", "private": true, "workspaces": ["packages/*"] }\n',
      'packages/core/package.json':
        '{ "name": "@acme/core", "exports": { ".": { "source": "./src/index.ts", "import": "./dist/index.js" }, "./utils": { "types": "./dist/utils.d.ts" } } }\n',
      'packages/core/src/index.ts': 'export function boot() {}\n',
      'packages/core/src/utils.ts': 'export function clamp() {}\n',
      'packages/ui/package.json': '{ "name": "@acme/ui", "main": "build/cjs/index.js", "types": "build/index.d.ts" }\n',
      'packages/ui/src/index.ts': 'export function paint() {}\n',
      'packages/app/src/main.ts': "import { boot } from '@acme/core';\nimport { clamp } from '@acme/core/utils';\nimport { paint } from '@acme/ui';\nboot(); clamp(); paint();\n",
    });
    expect(callEdges(tree)).toEqual([
      'packages/app/src/main.ts#<module> -> packages/core/src/index.ts#boot (import)',
      'packages/app/src/main.ts#<module> -> packages/core/src/utils.ts#clamp (import)',
      'packages/app/src/main.ts#<module> -> packages/ui/src/index.ts#paint (import)',
    ]);
  });

  it('maps a package entry through its tsconfig outDir and rootDir', async () => {
    const tree = await resolveTree({
      'packages/kit/package.json': '{ "name": "kit", "main": "./out/lib/main.js" }\n',
      'packages/kit/tsconfig.json': '{ "compilerOptions": { "outDir": "out", "rootDir": "source" } }\n',
      'packages/kit/source/lib/main.ts': 'export function kit() {}\n',
      'app.ts': "import { kit } from 'kit';\nkit();\n",
    });
    expect(callEdges(tree)).toEqual(['app.ts#<module> -> packages/kit/source/lib/main.ts#kit (import)']);
  });

  it('maps bundler output back to source: .mjs/.cjs/.d.mts targets, and a bundle named after no source file', async () => {
    const tree = await resolveTree({
      'packages/esm/package.json': '{ "name": "@acme/esm", "exports": { ".": { "types": "./dist/index.d.mts", "import": "./dist/index.mjs", "require": "./dist/index.cjs" }, "./fp": { "import": "./dist/fp.mjs" } } }\n',
      'packages/esm/src/index.ts': 'export function esm() {}\n',
      'packages/esm/src/fp.ts': 'export function fp() {}\n',
      'packages/vite/package.json': '{ "name": "@acme/vite", "exports": { ".": { "import": "./dist/acme-vite.es.js", "require": "./dist/acme-vite.umd.cjs" } } }\n',
      'packages/vite/src/index.ts': 'export function lib() {}\n',
      'app.ts': "import { esm } from '@acme/esm';\nimport { fp } from '@acme/esm/fp';\nimport { lib } from '@acme/vite';\nesm(); fp(); lib();\n",
    });
    expect(callEdges(tree)).toEqual([
      'app.ts#<module> -> packages/esm/src/fp.ts#fp (import)',
      'app.ts#<module> -> packages/esm/src/index.ts#esm (import)',
      'app.ts#<module> -> packages/vite/src/index.ts#lib (import)',
    ]);
  });

  it('leaves an import of a package the repository has twice unresolved, and a package it lacks external', async () => {
    const tree = await resolveTree({
      'a/package.json': '{ "name": "dup" }\n',
      'a/index.ts': 'export function x() {}\n',
      'b/package.json': '{ "name": "dup" }\n',
      'b/index.ts': 'export function x() {}\n',
      'app.ts': "import { x } from 'dup';\nimport { y } from 'react';\nx(); y();\n",
    });
    expect(callSite(tree, 'x')).toMatchObject({ outcome: 'unresolved', rule: 'import' });
    expect(callSite(tree, 'y')).toMatchObject({ outcome: 'external', rule: 'import' });
  });

  it('records every project file it consults, absent ones included, as a dependency', async () => {
    const tree = await resolveTree({
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["src/*"] } } }\n',
      'src/a.ts': 'export function a() {}\n',
      'src/deep/b.ts': "import { a } from '@/a';\nimport { c } from '@acme/c';\na(); c();\n",
    });
    expect(tree.deps.get('src/deep/b.ts')).toEqual(
      expect.arrayContaining(['c:src/deep/tsconfig.json', 'c:src/deep/jsconfig.json', 'c:src/tsconfig.json', 'c:tsconfig.json', 'w:@acme/c', 'p:src/a.ts']),
    );
  });
});

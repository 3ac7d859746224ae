// Copies the non-TypeScript files the build needs next to the compiled code: tree-sitter queries
// (src/lang/**/*.scm) and the store schema (src/store/schema.sql).
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ASSET = /\.(scm|sql)$/;

function copy(dir) {
  for (const name of readdirSync(dir)) {
    const from = join(dir, name);
    if (statSync(from).isDirectory()) copy(from);
    else if (ASSET.test(name)) cpSync(from, join('dist', from.slice('src/'.length)));
  }
}

copy('src');

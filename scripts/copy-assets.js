// Copies the non-TypeScript files the build needs next to the compiled code: tree-sitter queries
// (src/lang/**/*.scm), the store schema (src/store/schema.sql) and the impact page's script and
// style (src/report/impact-page/).
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ASSET = /\.(scm|sql)$|\/impact-page\/[^/]+\.(js|css)$/;

function copy(dir) {
  for (const name of readdirSync(dir)) {
    const from = join(dir, name);
    if (statSync(from).isDirectory()) copy(from);
    else if (ASSET.test(from.split('\\').join('/'))) cpSync(from, join('dist', from.slice('src/'.length)));
  }
}

copy('src');

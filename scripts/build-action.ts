// Builds action-dist/: the ratlas CLI and the GitHub Action's runtime as self-contained bundles,
// with the data files they read at run time, so that the action runs from a checkout of this
// repository at a tag without `npm install` or a build. Run `npm run build:action` after changing
// anything under src/ (tests/action/bundle-drift.test.ts fails until the committed folder matches).
//
// How the bundled code finds its files: ratlas locates them relative to each module
// (`new URL('./schema.sql', import.meta.url)`, `createRequire(import.meta.url).resolve(...)`,
// `__dirname` in sql.js). In one bundle every module would see the bundle's own URL, so each bundled
// module is given the URL it has in an installed ratlas instead (src/store/sqlite-store.ts sees
// action-dist/src/store/sqlite-store.js, sql.js sees action-dist/node_modules/sql.js/dist/...), and
// the files those modules read are copied to exactly those places. The folder is a miniature of the
// installed package: Node resolves the grammars, the WASM files and the worker script as it would
// there, without any path logic special to the bundle.
import { build, type Metafile, type Plugin } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '../src/lang/registry.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE_DIR = 'action-dist';

interface Entry {
  /** Source entry, repo-relative. */
  source: string;
  /** Output file, relative to the bundle folder. */
  out: string;
}

const ENTRIES: Entry[] = [
  // The CLI: `node action-dist/ratlas.js impact ...`; also oclif's command module (package.json).
  { source: 'src/action/cli-entry.ts', out: 'ratlas.js' },
  // Parse workers: ParsePool looks for worker.js next to its own module.
  { source: 'src/parse/worker.ts', out: 'src/parse/worker.js' },
  // The action's steps: prepare, impact (outputs, summary, annotations), comment, cache.
  { source: 'src/action/main.ts', out: 'action.js' },
];

/**
 * Files the bundled modules read at run time from next to themselves, by their path in an installed
 * ratlas. Node-module paths are checked against the modules esbuild bundled, so a different layout
 * of node_modules fails the build instead of shipping a bundle that cannot find its files.
 */
function runtimeFiles(): { path: string; why: string; nextToBundled?: boolean }[] {
  return [
    { path: 'node_modules/web-tree-sitter/tree-sitter.wasm', why: 'web-tree-sitter loads it next to its module (import.meta.url)', nextToBundled: true },
    { path: 'node_modules/sql.js/dist/sql-wasm.wasm', why: 'sql.js loads it next to its module (__dirname)', nextToBundled: true },
    { path: 'node_modules/tree-sitter-wasms/package.json', why: 'load-language reads the grammar version (createRequire)' },
    ...[...new Set(LANGUAGES.map((l) => l.grammar))].sort().map((grammar) => ({
      path: `node_modules/tree-sitter-wasms/out/${grammar}`,
      why: 'load-language resolves the grammars ratlas uses (createRequire)',
    })),
    { path: 'node_modules/@oclif/core/package.json', why: 'oclif reads its own version (__dirname)', nextToBundled: true },
    { path: 'node_modules/cytoscape/package.json', why: 'render-impact-page resolves the graph renderer (createRequire)' },
    { path: 'node_modules/cytoscape/dist/cytoscape.min.js', why: 'render-impact-page inlines it in the HTML report' },
    { path: 'node_modules/@oclif/core/LICENSE', why: 'licence of the bundled oclif' },
  ];
}

/**
 * Gives every bundled module that uses `import.meta.url`, `__dirname` or `__filename` the value it
 * would have in an installed ratlas, relative to where the bundle file is at run time.
 */
function installedLocations(outFile: string): Plugin {
  const outDir = dirname(outFile);
  return {
    name: 'ratlas-installed-locations',
    setup(b) {
      b.onLoad({ filter: /\.(ts|js|mjs|cjs)$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!/import\.meta|__dirname|__filename/.test(text)) return undefined;
        const installed = installedPath(args.path);
        const url = posix(relative(outDir, installed));
        const declarations =
          `var __ratlas_module_url = new URL(${JSON.stringify(url.startsWith('.') ? url : `./${url}`)}, __ratlas_bundle_url).href;` +
          'var __ratlas_filename = __ratlas_fileURLToPath(__ratlas_module_url);' +
          'var __ratlas_dirname = __ratlas_dirname_of(__ratlas_filename);';
        // A hashbang must stay the first line.
        const hashbang = text.startsWith('#!') ? text.slice(0, text.indexOf('\n') + 1) : '';
        return {
          contents: `${hashbang}${declarations}${text.slice(hashbang.length)}`,
          loader: args.path.endsWith('.ts') ? 'ts' : 'js',
          resolveDir: dirname(args.path),
        };
      });
    },
  };
}

/** Where a source file sits in an installed ratlas, as an absolute path under the bundle folder. */
function installedPath(absolute: string): string {
  const rel = posix(relative(ROOT, absolute));
  if (rel.startsWith('..')) throw new Error(`${absolute} is outside the repository; cannot place it in the bundle`);
  return join(ROOT, BUNDLE_DIR, rel.startsWith('src/') ? rel.replace(/\.ts$/, '.js') : rel);
}

// Declared once per bundle file, outside every module. `require` lets bundled CommonJS code load
// Node's built-in modules from an ES module.
const BANNER = [
  `// Generated by scripts/build-action.ts from the ratlas sources: do not edit; run npm run build:action.`,
  `import { createRequire as __ratlas_createRequire } from 'node:module';`,
  `import { fileURLToPath as __ratlas_fileURLToPath } from 'node:url';`,
  `import { dirname as __ratlas_dirname_of } from 'node:path';`,
  `const __ratlas_bundle_url = import.meta.url;`,
  `const require = __ratlas_createRequire(import.meta.url);`,
].join('\n');

async function bundle(entry: Entry, outDir: string): Promise<Metafile> {
  // Paths inside the bundle are computed for the committed location, so every build is identical
  // wherever it is written (the drift test builds into a temporary folder).
  const committedOut = join(ROOT, BUNDLE_DIR, entry.out);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, entry.source)],
    outfile: join(outDir, entry.out),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // oclif reads a project's tsconfig with TypeScript only when running from TypeScript sources;
    // the bundle never does, and TypeScript would add 9 MB.
    external: ['typescript'],
    // jsonc-parser's main entry is a UMD build whose require() calls esbuild cannot follow (the
    // bundle then fails at start); its ES module build bundles cleanly.
    alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
    define: {
      'import.meta.url': '__ratlas_module_url',
      'import.meta.filename': '__ratlas_filename',
      'import.meta.dirname': '__ratlas_dirname',
      __dirname: '__ratlas_dirname',
      __filename: '__ratlas_filename',
    },
    banner: { js: BANNER },
    plugins: [installedLocations(committedOut)],
    legalComments: 'none',
    charset: 'utf8',
    metafile: true,
    logLevel: 'warning',
  });
  return result.metafile;
}

/** The package.json oclif and tool-info read: name and version from ours, commands from the bundle. */
function bundlePackageJson(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & { oclif: Record<string, unknown> };
  const out = {
    name: pkg['name'],
    version: pkg['version'],
    description: pkg['description'],
    license: pkg['license'],
    type: 'module',
    private: true,
    bin: { ratlas: './ratlas.js' },
    engines: pkg['engines'],
    oclif: { ...pkg.oclif, commands: { strategy: 'explicit', target: './ratlas.js', identifier: 'COMMANDS' } },
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** Sources generated by a package, by path: the package whose licence they carry. */
const GENERATED_BY: Record<string, string> = { 'src/schema/compiled-validators.ts': 'node_modules/ajv' };

/** Licence texts of every package whose code or data the bundle holds. */
function thirdPartyLicenses(metafiles: Metafile[]): string {
  const packages = new Set<string>();
  const add = (path: string) => {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(posix(path));
    if (match) packages.add(`node_modules/${match[1]}`);
  };
  for (const meta of metafiles) {
    for (const input of Object.keys(meta.inputs)) {
      add(input);
      // Code a package generated into our sources (ajv's standalone validators, and the helper
      // they copy) carries that package's licence although none of its files is bundled.
      const generator = GENERATED_BY[posix(input).replace(/^.*?(?=src\/)/, '')];
      if (generator) packages.add(generator);
    }
  }
  for (const file of runtimeFiles()) add(file.path);
  const sections: string[] = [];
  for (const dir of [...packages].sort()) {
    const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const licenceFile = readdirSync(join(ROOT, dir))
      .filter((f) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(f))
      .sort()[0];
    const text = licenceFile ? readFileSync(join(ROOT, dir, licenceFile), 'utf8').replace(/\r\n/g, '\n').trim() : `License: ${pkg.license ?? 'unknown'}`;
    sections.push(`${pkg.name}@${pkg.version} (${pkg.license ?? 'unknown'})\n\n${text}`);
  }
  return `Third-party software bundled in action-dist/ (generated by scripts/build-action.ts).\n\n${sections.join(`\n\n${'-'.repeat(72)}\n\n`)}\n`;
}

const README = `# action-dist/ (generated: do not edit)

The ratlas CLI and the runtime of the GitHub Action (action.yml at the repository root), bundled with
the files they read at run time, so that the action runs from a checkout at a tag with only Node.js.
Built by \`npm run build:action\` (scripts/build-action.ts); tests/action/bundle-drift.test.ts fails
when this folder differs from a fresh build of the sources.

- \`ratlas.js\`: the CLI (\`node action-dist/ratlas.js impact --diff A...B\`); \`action.js\`: the action's steps.
- The rest mirrors an installed ratlas (\`src/\`, \`schemas/\`, \`node_modules/\`), because the bundled
  modules find their files relative to where they sit in one; only the files they read are here.
`;

const GITIGNORE = `# Committed whole: the action runs from a checkout. Undo the root .gitignore's node_modules/ and dist/.
!node_modules/
!dist/
`;

/** Builds the bundle folder into `outDir` (default: the committed action-dist/). Deterministic. */
export async function buildActionBundle(outDir = join(ROOT, BUNDLE_DIR)): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const metafiles: Metafile[] = [];
  for (const entry of ENTRIES) metafiles.push(await bundle(entry, outDir));

  const bundled = new Set(metafiles.flatMap((m) => Object.keys(m.inputs)).map(posix));
  for (const file of runtimeFiles()) {
    const folder = file.path.slice(0, file.path.lastIndexOf('/') + 1);
    if (file.nextToBundled && ![...bundled].some((input) => input.startsWith(folder))) {
      throw new Error(`${file.path}: no bundled module comes from ${folder}, so nothing would read it there (${file.why})`);
    }
    copy(join(ROOT, file.path), join(outDir, file.path));
  }
  for (const name of readdirSync(join(ROOT, 'schemas')).filter((f) => f.endsWith('.schema.json')).sort()) {
    copy(join(ROOT, 'schemas', name), join(outDir, 'schemas', name));
  }
  for (const path of sourceAssets(join(ROOT, 'src'))) copy(path, join(outDir, posix(relative(ROOT, path))));
  writeFileSync(join(outDir, 'package.json'), bundlePackageJson());
  writeFileSync(join(outDir, 'THIRD_PARTY_LICENSES.txt'), thirdPartyLicenses(metafiles));
  writeFileSync(join(outDir, 'README.md'), README);
  writeFileSync(join(outDir, '.gitignore'), GITIGNORE);
}

/** Tree-sitter queries, the store schema, the impact page's script and style: what scripts/copy-assets.js copies next to dist/. */
function sourceAssets(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceAssets(path));
    else if (/\.(scm|sql)$/.test(entry.name) || /\/impact-page\/[^/]+\.(js|css)$/.test(posix(path))) out.push(path);
  }
  return out;
}

function copy(from: string, to: string): void {
  if (!existsSync(from)) throw new Error(`${from} is missing: run npm ci first`);
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to);
}

function posix(path: string): string {
  return path.split(sep).join('/');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ? resolve(process.argv[2]) : undefined;
  await buildActionBundle(out);
}

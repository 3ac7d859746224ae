// The layer rules of src/README.md, checked in CI (.ci/run: `npx depcruise src bin`).
// Each layer rule lists the src/ folders a layer may import; npm packages are allowed unless a rule
// below reserves one to its layer (sql.js to store, git to git, fs to the layers that do IO).
/** The src/ folders `layer` may import, besides itself. */
const layer = (name, from, allowed) => ({
  name,
  severity: 'error',
  comment: `src/${from}/ may import only ${allowed.join(', ') || 'nothing in src/'} (src/README.md)`,
  from: { path: `^src/${from}/` },
  to: { path: '^src/', pathNot: [`^src/${from}/`, ...allowed.map((folder) => `^src/${folder}/`)] },
});

const PURE = ['model', 'util'];

module.exports = {
  forbidden: [
    layer('model-imports-nothing', 'model', []),
    layer('util-stays-low', 'util', ['model']),
    layer('scan-stays-low', 'scan', PURE),
    layer('schema-stays-low', 'schema', ['util']),
    layer('config-stays-low', 'config', [...PURE, 'schema', 'ecosystem']),
    // Ecosystem adapters (src/ecosystem/<x>/: test runners, manifests) know the project around the code.
    layer('ecosystem-over-lang', 'ecosystem', [...PURE, 'config', 'lang', 'parse', 'schema']),
    layer('git-stays-low', 'git', PURE),
    layer('lang-stays-low', 'lang', PURE),
    layer('diff-stays-low', 'diff', PURE),
    layer('select-stays-low', 'select', [...PURE, 'config', 'ecosystem']),
    layer('parse-over-lang', 'parse', [...PURE, 'lang']),
    layer('store-over-model', 'store', PURE),
    layer('graph-over-lang', 'graph', [...PURE, 'lang']),
    layer('report-renders-model', 'report', [...PURE, 'ecosystem']),
    layer('pipeline-below-its-callers', 'pipeline', [
      ...PURE, 'config', 'diff', 'git', 'graph', 'lang', 'parse', 'scan', 'schema', 'select', 'store', 'ecosystem',
    ]),
    layer('mcp-over-pipeline', 'mcp', [...PURE, 'pipeline', 'report', 'schema']),
    layer('cli-over-pipeline', 'cli', [...PURE, 'pipeline', 'report', 'schema']),
    layer('commands-are-thin', 'commands', [...PURE, 'cli', 'mcp', 'pipeline', 'report', 'schema']),
    layer('action-runs-the-cli', 'action', [...PURE, 'commands', 'git', 'report', 'store']),
    {
      name: 'pure-layers-do-no-io',
      severity: 'error',
      comment: 'lang, diff, graph and select are pure: no file system, no processes, no sql.js, no store or git',
      from: { path: '^src/(lang|diff|graph|select)/' },
      to: { path: '^(node:)?(fs|fs/promises|child_process)$|node_modules/sql\\.js/|^src/(store|git)/' },
    },
    {
      name: 'impact-relations-and-policies-are-pure',
      severity: 'error',
      comment:
        'dependency relations and fallback policies (src/pipeline/impact/{relations,policies}) are pure functions: they read through DependencyView and their arguments, never a store, git or the file system',
      from: { path: '^src/pipeline/impact/(relations|policies)/' },
      to: {
        path: '^(node:)?(fs|fs/promises|child_process)$|node_modules/sql\\.js/|^src/(git|store|parse|ecosystem|config)/|^src/pipeline/',
        pathNot: ['^src/store/index-store\\.ts$', '^src/ecosystem/types\\.ts$', '^src/config/load-config\\.ts$', '^src/pipeline/impact/(relations|policies)/', '^src/pipeline/impact/(dependency-view|impact-node|changed-files)\\.ts$'],
      },
    },
    {
      name: 'sql-js-only-in-store',
      severity: 'error',
      comment: 'the store is the only importer of sql.js: every read and write goes through IndexStore',
      from: { pathNot: '^src/store/' },
      to: { path: 'node_modules/sql\\.js/' },
    },
    {
      name: 'sqlite-store-only-in-store',
      severity: 'error',
      comment: 'pipelines depend on IndexStore; the sql.js store is constructed by src/store/open-store.ts',
      from: { pathNot: '^src/store/' },
      to: { path: '^src/store/sqlite/' },
    },
    {
      name: 'git-only-in-git',
      severity: 'error',
      comment: 'src/git is the only module that runs git (the Action runs the CLI, not git)',
      from: { pathNot: '^src/(git|action)/' },
      to: { path: '^(node:)?child_process$|node_modules/simple-git/' },
    },
    {
      name: 'bin-runs-the-cli',
      severity: 'error',
      from: { path: '^bin/' },
      to: { path: '^src/', pathNot: '^src/commands' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'a cycle makes two modules one; type-only cycles count too (they are still one unit)',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // dist/bundle is the built CLI bin/run.js loads: generated from src/, which is checked instead.
    doNotFollow: { path: ['node_modules', '^dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    exclude: { path: '\\.scm$' },
  },
};

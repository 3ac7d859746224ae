import picomatch from 'picomatch';
import { relativePath } from '../../util/posix-path.js';
import type { TestUniverse } from '../types.js';
import { holdsUnknown, isObject, Unknown, type Literal } from './read-config-literal.js';
import { isCodeFile, joinRepo, resolveFile } from './repo-paths.js';

/** babel's project-wide and file-relative configurations. */
export const BABEL_CONFIG = /^(babel\.config\.(js|cjs|mjs|cts|json)|\.babelrc(\.(js|cjs|json))?)$/;

const RESOLVER = new Set(['module-resolver', 'babel-plugin-module-resolver']);

/**
 * Pure: what babel-plugin-module-resolver, configured in a babel config at `babelDir` (its
 * `plugins`, and those of `env.test`, which jest's NODE_ENV selects), makes of bare specifiers in
 * a jest universe rooted at `root`: its `alias` entries as the universe's aliases (a prefix, or a
 * `^regex` whose `\1` groups fill the replacement) and its `root` folders as module lookup
 * folders. babel-jest runs the plugin on every test and what it imports: `import x from '@/x'`
 * loads `src/x` although module resolution took `@/x` for a package.
 */
export function babelResolverAliases(config: Literal, babelDir: string, root: string): Pick<TestUniverse, 'aliases' | 'moduleLookup'> | null {
  if (!isObject(config)) return null;
  const aliases: { pattern: string; replacement: string }[] = [];
  const paths: string[] = [];
  for (const plugin of babelEntries(config, ['plugins'])) {
    if (!Array.isArray(plugin) || typeof plugin[0] !== 'string' || !RESOLVER.has(plugin[0]) || !isObject(plugin[1])) continue;
    const options = plugin[1];
    for (const folder of listOf(options['root'])) {
      const path = typeof folder === 'string' ? joinRepo(babelDir, folder.startsWith('.') ? folder : `./${folder}`) : null;
      if (path !== null) paths.push(path);
    }
    if (!isObject(options['alias'])) continue;
    for (const [key, value] of Object.entries(options['alias'])) {
      if (key.startsWith('\0') || typeof value !== 'string') continue;
      const target = value.startsWith('.') ? joinRepo(babelDir, value.replace(/\\(\d)/g, '$$$1')) : null;
      // A package alias (`underscore: 'lodash'`) leads outside the tree.
      if (target === null) continue;
      aliases.push({ pattern: key, replacement: `<rootDir>/${relativePath(root, target)}` });
    }
  }
  if (aliases.length === 0 && paths.length === 0) return null;
  return { aliases, ...(paths.length > 0 && { moduleLookup: { paths, directories: [] } }) };
}

/**
 * Pure: whether babel-plugin-module-resolver may rewrite imports in ways the config's reading
 * cannot name: `text` names the plugin, and the config, its plugin list or the plugin's options
 * (an alias computed by a function) are not all read. Dropping such an alias took `@core/x` for a
 * package, and a test importing it was missed when `core/x` changed.
 */
export function babelResolverUnknown(config: Literal, text: string): boolean {
  if (!/module-resolver/.test(text)) return false;
  if (!isObject(config)) return true;
  const plugins = babelEntries(config, ['plugins']);
  const named = plugins.filter((p) => Array.isArray(p) ? typeof p[0] === 'string' && RESOLVER.has(p[0]) : typeof p === 'string' && RESOLVER.has(p));
  return named.length === 0 || plugins.some((p) => p instanceof Unknown) || named.some(holdsUnknown);
}

/**
 * A babel config's entries of `keys` (plugins, presets), then those of `env.test`, which jest's
 * NODE_ENV selects, then those of each of its `overrides` (`{ test: './test', plugins: [...] }`:
 * whether a file matches one is not read, so all count).
 */
function babelEntries(config: { [key: string]: Literal }, keys: readonly string[]): Literal[] {
  const env = isObject(config['env']) && isObject(config['env']['test']) ? config['env']['test'] : undefined;
  const overrides = listOf(config['overrides']).filter(isObject);
  return [...keys.flatMap((k) => listOf(config[k])), ...keys.flatMap((k) => listOf(env?.[k])), ...overrides.flatMap((o) => babelEntries(o, keys))];
}

/**
 * Pure: the plugins and presets of the tree a babel config at `babelDir` names (`plugins:
 * ['./tools/plugin.js']`, `[['./preset', {...}]]`, `path.join(__dirname, 'tools/plugin.js')`,
 * those of `env.test` too), as files: babel-jest runs them on every test and every module it
 * imports, so a change to one can fail any test though no test imports it. Where the reading
 * cannot follow the lists (a function with several returns, a list a loop fills), every code file
 * a string of `text` may name stands in for them (namedInText).
 */
export function babelLocalModules(config: Literal, text: string, babelDir: string, paths: readonly string[], exists: (path: string) => boolean): string[] {
  const entries = isObject(config) ? babelEntries(config, ['plugins', 'presets']) : [];
  const out: string[] = [];
  let unread = !isObject(config);
  for (const entry of entries) {
    const spec = Array.isArray(entry) ? entry[0] : entry;
    // A bare name is a package (`lodash` → babel-plugin-lodash) unless a file of the tree has it.
    const file = typeof spec === 'string' ? resolveFile(babelDir, spec, exists) : null;
    if (file !== null && exists(file)) out.push(file);
    // Options not read (`['@babel/preset-env', { targets: computed }]`) name no file.
    if (spec instanceof Unknown) unread = true;
  }
  if (unread) out.push(...namedInText(text, babelDir, paths));
  return [...new Set(out)].sort();
}

/**
 * Pure: the code files of `paths` a string written in `text` may name, relative to `dir` (with an
 * extension or an index file tried), a `${…}` of a template matching any name. More than the
 * config loads, never less of what its strings spell: a file named for another reason costs
 * selections, not a missed test.
 */
function namedInText(text: string, dir: string, paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const [, single, double, template] of text.matchAll(/'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)"|`((?:\\.|[^`\\])*)`/g)) {
    const spec = (single ?? double ?? template ?? '').replace(/\$\{[^}]*\}/g, '*');
    if (spec === '' || spec === '*' || /\s/.test(spec)) continue;
    const base = joinRepo(dir, spec.startsWith('.') ? spec : `./${spec}`);
    if (base === null) continue;
    const prefix = base.slice(0, base.search(/[*?[{(!]|$/));
    const named = picomatch([base, `${base}.*`, `${base}/index.*`], { dot: true });
    out.push(...paths.filter((p) => p.startsWith(prefix) && isCodeFile(p) && named(p)));
  }
  return out;
}

function listOf(value: Literal | undefined): Literal[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

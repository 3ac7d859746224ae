import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { Parser, type Language } from 'web-tree-sitter';
import { parse as parseYaml } from 'yaml';
import { loadGrammar } from '../../parse/load-language.js';
import { isObject, readConfigLiteral, Unknown, type Literal, type ReadOptions } from './read-config-literal.js';

let script: Language | undefined;

/** Loads the TypeScript grammar (which reads JavaScript configs too) for {@link readConfigFile}. */
export async function prepareConfigReader(): Promise<void> {
  script ??= await loadGrammar('tree-sitter-typescript.wasm');
}

/**
 * Pure once prepared: a configuration file's value, by its extension. JSON and YAML are data; a
 * script is read statically (never executed): {@link readConfigLiteral}. An unreadable file is an
 * {@link Unknown} saying why. `options` as readConfigLiteral's: `anchor`, the file's folder from
 * the configuration it is read for; `exportName`, the export read (a script's; a data file is its
 * default); `call`, the arguments it is called with, for what a script's exported function returns.
 */
export function readConfigFile(path: string, text: string, options: ReadOptions = {}): Literal {
  const { exportName = 'default', call } = options;
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const name = path.slice(path.lastIndexOf('/') + 1);
  const data = ext === 'json' || ext === 'jsonc' || ext === 'yaml' || ext === 'yml' || name === '.mocharc' || name === '.babelrc';
  if (data && call) return new Unknown(`${path} is data, not a function`);
  if (data && exportName !== 'default') {
    // `import { key } from './data.json'`: a key of the data.
    const all = readConfigFile(path, text);
    return isObject(all) && Object.hasOwn(all, exportName) ? all[exportName]! : new Unknown(`${path} has no \`${exportName}\``);
  }
  if (ext === 'json' || ext === 'jsonc' || name === '.mocharc' || name === '.babelrc') {
    const errors: ParseError[] = [];
    const value = parseJsonc(text, errors, { allowTrailingComma: true }) as Literal;
    return errors.length > 0 && ext !== 'jsonc' && name !== '.mocharc' && name !== '.babelrc' ? new Unknown(`${path} is not valid JSON`) : value;
  }
  if (ext === 'yaml' || ext === 'yml') {
    try {
      return parseYaml(text) as Literal;
    } catch {
      return new Unknown(`${path} is not valid YAML`);
    }
  }
  if (!script) return new Unknown(`${path}: the script reader was not prepared`);
  const parser = new Parser();
  parser.setLanguage(script);
  const tree = parser.parse(text);
  try {
    return tree ? readConfigLiteral(tree.rootNode, options) : new Unknown(`${path} could not be parsed`);
  } finally {
    tree?.delete();
    parser.delete();
  }
}

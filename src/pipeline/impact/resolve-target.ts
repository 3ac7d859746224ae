import type { StoredSymbol } from '../../model/stored.js';
import type { IndexStore } from '../../store/index-store.js';
import { RatlasError } from '../../util/errors.js';
import { canonicalRepoPath } from '../../util/path.js';

/**
 * The symbols `ratlas impact TARGET` starts from: `path#qualname`, a file path (every symbol in
 * it), or a qualname or name found anywhere (`Store.save`, `save`).
 */
export async function resolveTarget(store: IndexStore, root: string, cwd: string, text: string): Promise<StoredSymbol[]> {
  const hash = text.indexOf('#');
  if (hash > 0) {
    const file = canonicalRepoPath(root, cwd, text.slice(0, hash));
    const qualname = text.slice(hash + 1);
    const inFile = await store.symbolsOfFiles([file]);
    const hits = inFile.filter((s) => s.qualname === qualname);
    if (hits.length > 0) return hits;
    throw unknown(text, inFile.length === 0 ? `${file} is not in the index.` : `${file} has no symbol ${qualname}.`, inFile.map((s) => s.qualname));
  }
  if (/[/\\]/.test(text) || (await store.getFile(canonicalRepoPath(root, cwd, text)))) {
    const file = canonicalRepoPath(root, cwd, text);
    const record = await store.getFile(file);
    if (!record) throw unknown(text, `${file} is not a file ratlas indexes.`, []);
    return store.symbolsOfFiles([file]);
  }
  const name = text.slice(text.lastIndexOf('.') + 1);
  const named = await store.symbolsByName(name);
  const hits = named.filter((s) => s.qualname === text || s.qualname.endsWith(`.${text}`) || (!text.includes('.') && s.name === text));
  if (hits.length > 0) return hits;
  throw unknown(text, `No symbol is named ${text}.`, (await store.findSymbols({ text, limit: 5 })).map((s) => `${s.file}#${s.qualname}`));
}

function unknown(text: string, why: string, candidates: string[]): RatlasError {
  const hint = candidates.length > 0 ? `Did you mean ${candidates.slice(0, 5).join(', ')}?` : 'Pass a file path, path#qualname, or a symbol name (see ratlas export).';
  return new RatlasError('unknown-target', `Cannot find "${text}": ${why}`, { hint });
}

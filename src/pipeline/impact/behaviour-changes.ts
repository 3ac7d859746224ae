import { languageForPath } from '../../lang/registry.js';
import type { FileChange, SymbolChange } from '../../model/change.js';

/** Whether a change of this kind, to a symbol of this file, changes nothing the program runs or reads. */
export function inertChange(path: string, change: SymbolChange['change']): boolean {
  return change === 'doc' && !docsAreValues(path);
}

/**
 * The changes as test selection reads them: a doc-only change where documentation is a value the
 * program reads (SyntaxTraits.docsAreValues: Python's docstrings) is a body change. The symbol
 * diff still reports it as doc-only.
 */
export function behaviourChanges(changes: readonly FileChange[]): FileChange[] {
  return changes.map((c) =>
    docsAreValues(c.file) && c.symbols.some((s) => s.change === 'doc') ? { ...c, symbols: c.symbols.map((s) => (s.change === 'doc' ? { ...s, change: 'body' as const } : s)) } : c,
  );
}

function docsAreValues(path: string): boolean {
  return languageForPath(path)?.syntax.docsAreValues === true;
}

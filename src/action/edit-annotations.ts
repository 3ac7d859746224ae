import { EDIT_CHANGES, type ChangeKind } from '../model/change.js';
import type { ImpactReport } from '../model/impact.js';
import { MODULE_QUALNAME } from '../model/symbol.js';
import { annotation } from './workflow-commands.js';

/** GitHub shows at most 10 warnings of a step as annotations. */
const MAX_ANNOTATIONS = 10;
const MAX_NAMED = 10;

const TITLES = {
  removed: 'removed',
  renamed: 'renamed',
  moved: 'moved',
  signature: 'changed its signature',
} satisfies Partial<Record<ChangeKind, string>>;

/**
 * Pure: `::warning` annotations on changed symbols whose direct dependents likely need an edit
 * (the symbol was removed, renamed, moved or its signature changed, and something referenced it),
 * placed on the symbol's lines in the pull request's diff and naming the dependents. The most
 * dependents first; past GitHub's limit of ten, one notice says how many more there are.
 */
export function editAnnotations(report: ImpactReport): string[] {
  const found: { count: number; line: string }[] = [];
  for (const change of report.changes) {
    for (const symbol of change.symbols) {
      if (!EDIT_CHANGES.has(symbol.change)) continue;
      // An import names the symbol, not its parameters: a new signature leaves it as it is.
      const dependents = report.impacted.filter(
        (i) =>
          i.effect === 'may-need-edit' &&
          i.from.file === change.file &&
          i.from.qualname === symbol.qualname &&
          !(symbol.change === 'signature' && i.via[i.via.length - 1]!.relation === 'imports'),
      );
      if (dependents.length === 0) continue;
      const named = dependents.slice(0, MAX_NAMED).map((d) => `${d.file}: ${displayName(d.qualname)} (${d.via[d.via.length - 1]!.relation})`);
      const more = dependents.length > MAX_NAMED ? [`… and ${dependents.length - MAX_NAMED} more`] : [];
      const title = `${symbol.qualname} ${TITLES[symbol.change as keyof typeof TITLES]}: ${dependents.length} dependent${dependents.length === 1 ? '' : 's'} may need an edit`;
      // A removed symbol's lines are the base version's; they mean nothing in the new file.
      const where =
        change.status === 'deleted' ? {} : symbol.change === 'removed' ? { file: change.file } : { file: change.file, line: symbol.startLine, endLine: symbol.endLine };
      found.push({ count: dependents.length, line: annotation('warning', [...named, ...more].join('\n'), { ...where, title }) });
    }
  }
  const ranked = found.map((f, i) => ({ ...f, i })).sort((a, b) => b.count - a.count || a.i - b.i);
  const out = ranked.slice(0, MAX_ANNOTATIONS).map((f) => f.line);
  if (ranked.length > MAX_ANNOTATIONS) {
    out.push(annotation('notice', `${ranked.length - MAX_ANNOTATIONS} more changed symbols have dependents that may need an edit: see the job summary.`));
  }
  return out;
}

function displayName(qualname: string): string {
  return qualname === MODULE_QUALNAME ? '(top level)' : qualname;
}

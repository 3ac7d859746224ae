import type { ImpactRange, ImpactReport } from '../../model/impact.js';
import { symbolKey, type StoredSymbol } from '../../model/stored.js';
import { selectTests } from '../../select/select-tests.js';
import { lookupTargets, symbolTable, type SymbolTable } from '../lookup-symbols.js';
import { seedNode, type Seed } from './impact-node.js';
import { impactReport, type ReportShape } from './impact-report.js';
import type { ImpactSetting } from './impact-setting.js';
import type { IndexHandle } from './index-handle.js';
import { configuredRuns } from './policies/configured-runs.js';
import { emptyPart } from './policies/impact-part.js';
import { StoreDependencyView } from './store-dependency-view.js';
import { traverseSide } from './traverse-side.js';

/** What depends on present code: a file, `path#qualname` or a name (see lookupTargets); `file` narrows a name. */
export interface TargetQuestion {
  text: string;
  file?: string | undefined;
}

/**
 * The impact of changing code that exists now, on the index of the working tree: everything that
 * depends on the target's symbols, through every relation test selection follows, and the tests
 * to run. The symbols are looked up once, in the index the traversal reads.
 */
export async function targetImpact(setting: ImpactSetting, question: TargetQuestion, cwd: string, indexes: IndexHandle, shape: ReportShape): Promise<{ report: ImpactReport; targets: StoredSymbol[] }> {
  return indexes.current(async (index) => {
    const table: SymbolTable = index.symbols ?? (await symbolTable(index.store));
    const symbols = lookupTargets(table, { text: question.text, file: question.file, root: setting.repo.root, cwd });
    // A live index (the MCP server's) answers question after question: its resolution cache,
    // loaded once and kept current by every refresh, serves each one's whole-index reads; and
    // its snapshot, the symbol table.
    const held = index.held;
    const view = new StoreDependencyView(index.store, { isTest: (p) => setting.classifier.isTest(p), ...(held && { held }) });
    const seeds: Seed[] = symbols.map((s) => ({ node: seedNode(s), from: { file: s.file, qualname: s.qualname, change: 'target' } }));
    const reached = await traverseSide(view, seeds);
    const tests = new Set((await index.store.listFiles()).map((f) => f.path).filter((p) => setting.classifier.isTest(p)));
    const direct = configuredRuns(setting.classifier.runs, reached, tests);
    const selected = selectTests([{ reached, isTest: (p) => tests.has(p), toHead: (p) => p }], direct, setting.config.tests.minConfidence);
    const range: ImpactRange = { spec: question.text, base: index.commit, head: index.head ? index.commit : null, target: 'symbol', mergeBase: null };
    const report = impactReport(setting, shape, {
      range,
      changes: [],
      reached,
      changed: new Set(symbols.map((s) => symbolKey(s.file, s.qualname))),
      selected,
      tests,
      parts: [{ ...emptyPart(), warnings: [...setting.warnings, ...index.warnings] }],
    });
    return { report, targets: symbols };
  });
}

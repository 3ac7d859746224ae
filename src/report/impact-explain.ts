import type { ImpactReport } from '../model/impact.js';
import { startText } from './impact-text.js';

/** Why a test file is (or is not) selected: the path from a change to it, one hop per line. */
export function renderExplain(report: ImpactReport, testFile: string): string {
  const t = report.tests;
  const hit = t.selected.find((s) => s.file === testFile);
  const lines: string[] = [];
  if (hit) {
    lines.push(`${testFile} is selected (confidence ${hit.confidence.toFixed(2)})${hit.basis === 'floor' ? ', by the import floor: it loads a changed file nothing proved closed' : ''}.`);
    lines.push(`  ${startText(hit.reachedFrom.from)}`);
    if (hit.reachedFrom.via.length === 0) lines.push('  the test file itself changed');
    for (const hop of hit.reachedFrom.via) lines.push(`  ← ${hop.file}#${hop.qualname}  ${hop.relation} (${hop.confidence.toFixed(2)})`);
    if (hit.basis === 'floor') {
      const open = t.floor?.open.find((o) => o.file === hit.reachedFrom.from.file);
      if (open) {
        lines.push(`Why ${open.file} is not proved closed:`);
        for (const r of open.reasons) lines.push(`  ${r.code}: ${r.message}`);
      }
    }
  } else {
    const dropped = t.floor?.dropped.find((d) => d.file === testFile);
    if (dropped) lines.push(`${testFile} is not selected: dropped from the import floor by proof.`, `  ${dropped.message}`);
    else lines.push(`${testFile} is not selected: no path leads from a change to it, and it imports no changed file.`);
  }
  if (t.runAll) {
    lines.push('Every test runs anyway:');
    for (const r of t.reasons) lines.push(`  ${r.code}: ${r.message}`);
  }
  return lines.join('\n');
}

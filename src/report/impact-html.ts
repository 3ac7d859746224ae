import type { ImpactReport } from '../model/impact.js';
import { impactPageData } from './impact-page-data.js';

/** The scripts and styles the page inlines: it loads nothing from anywhere. */
export interface PageAssets {
  /** The graph renderer's browser build (cytoscape.min.js). */
  graphLibrary: string;
  /** The page's own script (impact-page/page.js). */
  script: string;
  /** The page's style sheet (impact-page/page.css). */
  style: string;
}

/**
 * The page may run only its inline scripts and styles: no request leaves it, whatever a name holds
 * (the names are also only ever set as text, never as markup).
 */
const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

/**
 * Pure: the impact report as one self-contained HTML page, the blast radius as a graph and as a
 * searchable table, filtered by confidence and depth; a click on a test or symbol shows its path
 * from the change. The report's data goes in as JSON in a non-executable script element, escaped
 * so that no name can close it; the summary is in the markup too, for a reader without scripts.
 */
export function renderImpactHtml(report: ImpactReport, assets: PageAssets): string {
  const data = impactPageData(report);
  const runAll = data.runAll
    ? `<div class="run-all"><strong>Every test must run.</strong><ul>${data.runAll.map((r) => `<li><code>${escapeHtml(r.code)}</code> ${escapeHtml(r.message)}</li>`).join('')}</ul></div>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(data.title)}</title>
<style>${inlineText(assets.style, 'style')}</style>
</head>
<body>
<header>
<h1>${escapeHtml(data.title)}</h1>
<ul id="summary">${data.summary.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${runAll}
</header>
<section id="controls">
<label>Search <input id="search" type="search" placeholder="file or symbol" autocomplete="off"></label>
<label>Min confidence <input id="min-confidence" type="range" min="0" max="1" step="0.05" value="0"> <output id="min-confidence-value">0.00</output></label>
<label>Max depth <select id="max-depth"></select></label>
<span id="counts"></span>
<span class="legend"><i class="changed"></i>changed <i class="edit"></i>may need an edit <i class="impacted"></i>impacted <i class="test"></i>test</span>
</section>
<main>
<div id="graph" role="img" aria-label="Blast radius graph"></div>
<aside id="details"><h2 id="details-title">Path</h2><p id="details-hint">Click a test (blue) or a symbol to see its path from the change.</p><ol id="path"></ol></aside>
</main>
<p id="graph-note"></p>
<table id="table">
<thead><tr><th>role</th><th>depth</th><th>conf</th><th>symbol</th><th>file</th><th>reached from</th></tr></thead>
<tbody></tbody>
</table>
<button id="more-rows" type="button" hidden></button>
<ul id="warnings"></ul>
<script type="application/json" id="ratlas-data">${jsonForScript(data)}</script>
<script>${inlineText(assets.graphLibrary, 'script')}</script>
<script>${inlineText(assets.script, 'script')}</script>
</body>
</html>
`;
}

/** Text for an HTML element or attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON that cannot end its script element or open a comment: `<`, `>`, `&` as \u escapes. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Our own or a vendored file inlined in an element it must not close. */
function inlineText(text: string, element: 'script' | 'style'): string {
  if (new RegExp(`</${element}`, 'i').test(text)) throw new Error(`An inlined ${element} holds "</${element}": the page would break.`);
  return text;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ImpactReport } from '../model/impact.js';
import { renderImpactHtml, type PageAssets } from './impact-html.js';

let assets: PageAssets | undefined;

/**
 * The files the page inlines, read once: cytoscape's browser build (resolved as a dependency, so
 * the action bundle finds its copy in action-dist/node_modules) and the page's own script and style
 * (copied next to the built code like the .scm queries).
 */
function pageAssets(): PageAssets {
  if (!assets) {
    const read = (url: URL) => readFileSync(url, 'utf8');
    assets = {
      graphLibrary: readFileSync(createRequire(import.meta.url).resolve('cytoscape/dist/cytoscape.min.js'), 'utf8'),
      script: read(new URL('./impact-page/page.js', import.meta.url)),
      style: read(new URL('./impact-page/page.css', import.meta.url)),
    };
  }
  return assets;
}

/** The impact report as a self-contained HTML page (`ratlas impact --format html`, the action's artifact). */
export function renderImpactPage(report: ImpactReport): string {
  return renderImpactHtml(report, pageAssets());
}

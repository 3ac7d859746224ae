import { stripInvisible } from '../util/untrusted-text.js';

/**
 * Text from the repository (file and symbol names, messages quoting them) goes into pull-request
 * comments and job summaries, which GitHub renders as markdown with HTML, mentions, issue links and
 * autolinks. A file named `@org/team.ts` must not notify a team, `#1.ts` must not link an issue and
 * `<img src=x>.ts` must not render an image: these helpers make such text inert.
 */

/** Line breaks and separators become spaces; invisible characters go (a name cannot start a block). */
export function oneLine(text: string): string {
  return stripInvisible(text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' '));
}

/**
 * Prose: HTML is neutralized, markdown punctuation is backslash-escaped, and `@`, `#`, `www.` and
 * `://` are broken with a zero-width space, because GitHub finds mentions, issue references and
 * autolinks in the rendered text, where entities and escapes are already decoded.
 */
export function escapeMarkdown(text: string): string {
  return oneLine(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+\-.!|~"]/g, (ch) => `\\${ch}`)
    .replace(/@/g, '@&#8203;')
    .replace(/\\#/g, '\\#&#8203;')
    .replace(/(www)(?=\\\.)/gi, '$1&#8203;')
    .replace(/:(?=\/\/)/g, ':&#8203;');
}

/**
 * A code span: nothing inside is markdown, HTML, a mention or a link. The fence is one backtick
 * longer than the longest run inside; a space pads text that starts or ends with a backtick or a
 * space (CommonMark strips one on each side). In a table cell, `|` is escaped: GFM splits cells
 * before it parses code spans. (A backslash right before a pipe then shows doubled: GFM has no way
 * to write that pair inside a cell, and the doubled form at least cannot split the row.)
 */
export function codeSpan(text: string, options: { inTable?: boolean } = {}): string {
  let body = oneLine(text);
  if (body === '') body = ' ';
  if (options.inTable) body = body.replace(/\\(?=\|)/g, '\\\\').replace(/\|/g, '\\|');
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(body) ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/**
 * A Mermaid label: letters, digits, space and `._/-` as they are, everything else as Mermaid's
 * `#code;` entity, so no name can close the label, start markup or leave the code block.
 */
export function mermaidText(text: string): string {
  return [...oneLine(text)].map((ch) => (/^[A-Za-z0-9 ._/-]$/.test(ch) ? ch : `#${ch.codePointAt(0)};`)).join('');
}

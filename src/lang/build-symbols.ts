import { MODULE_QUALNAME, type SymbolFact } from '../model/symbol.js';
import type { Captures } from './collect-captures.js';
import { docLines } from './doc-comment.js';
import { lexTokens } from './lex-tokens.js';
import type { PlacedDefinition } from './qualnames.js';
import { signatureText } from './signature-text.js';
import { hashTokens, TokenHash } from './token-hash.js';
import type { SyntaxTraits } from './types.js';

/**
 * Symbol facts with their hashes. Every token goes to the innermost declaration around it, into its
 * signature or its body part, so a class's body hash leaves out its members (they have their own).
 * Tokens outside every declaration make up the <module> body, minus the excluded statements
 * (imports that only bind names).
 */
export function buildSymbols(
  placed: readonly PlacedDefinition[],
  captures: Captures,
  source: string,
  lines: number,
  syntax: SyntaxTraits,
): SymbolFact[] {
  const sigHashes = placed.map(() => new TokenHash());
  const bodyHashes = placed.map(() => new TokenHash());
  const moduleHash = new TokenHash();
  // placed is sorted by (start asc, end desc): a stack of open declarations gives the innermost owner.
  const stack: number[] = [];
  let next = 0;
  let excluded = 0;
  const exclusions = captures.moduleExcluded;
  const add = (hash: TokenHash, start: number, end: number, text: string | undefined): void => {
    if (text === undefined) hash.addRange(source, start, end);
    else hash.add(text);
  };
  lexTokens(source, captures, syntax, (start, end, text) => {
    while (stack.length > 0 && start >= placed[stack[stack.length - 1]!]!.raw.end) stack.pop();
    while (next < placed.length && placed[next]!.raw.start <= start) {
      if (start < placed[next]!.raw.end) stack.push(next);
      next++;
    }
    const owner = stack[stack.length - 1];
    if (owner === undefined) {
      while (excluded < exclusions.length && exclusions[excluded]!.end <= start) excluded++;
      const exclusion = exclusions[excluded];
      if (!exclusion || start < exclusion.start) add(moduleHash, start, end, text);
      return;
    }
    const raw = placed[owner]!.raw;
    const inBody = raw.bodyStart !== null && start >= raw.bodyStart && start < raw.bodyEnd!;
    add((inBody ? bodyHashes : sigHashes)[owner]!, start, end, text);
  });

  for (const text of compilingComments(source, captures.comments, syntax)) moduleHash.add(text);

  const moduleSymbol: SymbolFact = {
    qualname: MODULE_QUALNAME,
    name: MODULE_QUALNAME,
    kind: 'module',
    parent: null,
    signature: '',
    doc: null,
    startLine: 1,
    endLine: lines,
    exported: false,
    sigHash: '',
    bodyHash: moduleHash.digest(),
    docHash: '',
  };
  return [
    moduleSymbol,
    ...placed.map((p, i): SymbolFact => {
      const raw = p.raw;
      const docText = raw.doc ? docLines(raw.doc) : [];
      return {
        qualname: p.qualname,
        name: raw.name,
        kind: raw.kind,
        parent: p.parent,
        signature: foldedSignature(signatureText(source, raw.start, raw.bodyStart ?? raw.end, captures.comments), p.overloads !== undefined && raw.bodyStart === null),
        doc: docText[0] ?? null,
        startLine: raw.startLine,
        endLine: raw.endLine,
        exported: raw.exported,
        sigHash: sigHashes[i]!.digest(),
        bodyHash: bodyHashes[i]!.digest(),
        docHash: docText.length > 0 ? hashTokens(docText) : '',
      };
    }),
  ];
}

/**
 * Overloads folded into a declaration without a body (an interface's, an ambient one's) keep the
 * last `;`: it tells the return-type reader that the last declaration is callable too, not an
 * implementation no caller sees.
 */
function foldedSignature(signature: string, bodylessOverloads: boolean): string {
  return bodylessOverloads && !signature.endsWith('…') ? `${signature};` : signature;
}

/** The texts of the comments that change how the file compiles (SyntaxTraits.compilingComments), in order. */
function compilingComments(source: string, comments: readonly { start: number; end: number }[], syntax: SyntaxTraits): string[] {
  const rule = syntax.compilingComments;
  if (!rule) return [];
  const out: string[] = [];
  let line = 1;
  let counted = 0;
  for (const c of comments) {
    if (rule.firstLines !== undefined) {
      for (; counted < c.start; counted++) if (source.charCodeAt(counted) === 10) line++;
      if (line > rule.firstLines) break;
    }
    const text = source.slice(c.start, c.end);
    if (rule.pattern.test(text)) out.push(text);
  }
  return out;
}

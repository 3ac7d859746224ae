import { countTokens } from '../util/token-count.js';

export interface AnswerParts {
  /** The one-line header, given the text `used/budget` of the finished answer. */
  header: (usage: string) => string;
  /** Lines shown whatever the budget (a symbol's description); kept short by the caller. */
  fixed?: readonly string[];
  /** Entries in order of importance; as many as fit are shown, each may span lines. */
  items: readonly string[];
  /** The closing line, given how many items were shown (truncation notice, cursor), or null. */
  footer: (shown: number) => string | null;
  budget: number;
}

export interface Answer {
  text: string;
  /** Items shown. */
  shown: number;
  tokens: number;
}

/**
 * Builds an answer that never exceeds its token budget, header included: items are added while
 * their token counts fit, then the whole text is counted exactly and items are dropped from the end
 * until it fits (BPE counts are nearly, not exactly, additive across lines). The header reports the
 * exact count of the final text.
 */
export function composeAnswer(parts: AnswerParts): Answer {
  const fixed = parts.fixed ?? [];
  const build = (shown: number, usage: string): string => {
    const footer = parts.footer(shown);
    return [parts.header(usage), ...fixed, ...parts.items.slice(0, shown), ...(footer === null ? [] : [footer])].join('\n');
  };
  const usageOf = (used: number) => `${used}/${parts.budget} tokens`;

  let used = countTokens(`${parts.header(usageOf(parts.budget))}\n`) + fixed.reduce((n, line) => n + countTokens(`${line}\n`), 0);
  let shown = 0;
  while (shown < parts.items.length) {
    const next = countTokens(`${parts.items[shown]}\n`);
    const footer = parts.footer(shown + 1);
    if (used + next + (footer === null ? 0 : countTokens(footer)) > parts.budget) break;
    used += next;
    shown++;
  }
  for (;;) {
    const text = settle(build, shown, usageOf);
    const tokens = countTokens(text);
    if (tokens <= parts.budget) return { text, shown, tokens };
    if (shown === 0) return cutFixed(parts, usageOf);
    shown--;
  }
}

/** Last resort when even the fixed lines do not fit: keep as many as fit and say the rest were cut. */
function cutFixed(parts: AnswerParts, usageOf: (used: number) => string): Answer {
  const fixed = parts.fixed ?? [];
  for (let keep = fixed.length - 1; keep >= 0; keep--) {
    const lines = [...fixed.slice(0, keep), `… ${fixed.length - keep} more lines cut to fit the budget of ${parts.budget} tokens`];
    const build = (_shown: number, usage: string) => [parts.header(usage), ...lines].join('\n');
    const text = settle(build, 0, usageOf);
    const tokens = countTokens(text);
    if (tokens <= parts.budget) return { text, shown: 0, tokens };
  }
  const text = settle((_shown, usage) => parts.header(usage), 0, usageOf);
  return { text, shown: 0, tokens: countTokens(text) };
}

/** The text whose header states its own token count: the count converges in a step or two. */
function settle(build: (shown: number, usage: string) => string, shown: number, usageOf: (used: number) => string): string {
  let text = build(shown, usageOf(0));
  for (let i = 0; i < 4; i++) {
    const next = build(shown, usageOf(countTokens(text)));
    if (next === text) break;
    text = next;
  }
  return text;
}

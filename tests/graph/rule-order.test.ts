import { describe, expect, it } from 'vitest';
import { RESOLVED_AT } from '../../src/graph/resolve/resolve-file.js';
import { RULES } from '../../src/graph/resolve/rules/index.js';

describe('the rule cascade', () => {
  it('trusts a rule that runs earlier more than any that runs later', () => {
    const declared = RULES.flatMap((r) => (r.confidence === null ? [] : [{ name: r.name, confidence: r.confidence }]));
    for (let i = 1; i < declared.length; i++) {
      expect(declared[i]!.confidence, `${declared[i]!.name} after ${declared[i - 1]!.name}`).toBeLessThan(declared[i - 1]!.confidence);
    }
  });

  it('keeps name-only and ambiguous edges below the resolved threshold, and every other rule at or above it', () => {
    for (const rule of RULES) {
      if (rule.confidence === null) continue;
      if (rule.name === 'name-only' || rule.name === 'ambiguous') expect(rule.confidence, rule.name).toBeLessThan(RESOLVED_AT);
      else expect(rule.confidence, rule.name).toBeGreaterThanOrEqual(RESOLVED_AT);
    }
  });

  it('names each rule once', () => {
    expect(new Set(RULES.map((r) => r.name)).size).toBe(RULES.length);
  });
});

import { aliasRule } from './alias-rule.js';
import { ambiguousRule, externalRule, nameOnlyRule, uniqueGlobalRule } from './fallback-rules.js';
import { fixtureRule } from './fixture-rule.js';
import { importRule } from './import-rule.js';
import { inferredRule } from './inferred-rule.js';
import { memberRule } from './member-rule.js';
import type { Rule } from './rule.js';
import { scopeRule } from './scope-rule.js';
import { starImportRule } from './star-import-rule.js';
import { typeRule } from './type-rule.js';

export type { Decision, Rule } from './rule.js';

/**
 * The cascade, most trusted first: the first rule with a decision settles a reference. Edges at
 * or above 0.5 count as resolved; name-only and ambiguous edges stay below it.
 */
export const RULES: readonly Rule[] = [
  importRule,
  fixtureRule,
  scopeRule,
  starImportRule,
  memberRule,
  externalRule,
  typeRule,
  inferredRule,
  aliasRule,
  uniqueGlobalRule,
  nameOnlyRule,
  ambiguousRule,
];

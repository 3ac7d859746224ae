import type { Relation } from '../../model/impact.js';

/**
 * Confidence of the relations impact analysis adds to the index's edges (edges carry their own).
 * They rank the report; test selection follows every relation whatever its confidence.
 */
export const RELATION_CONFIDENCE = {
  /** A caller of the base method reaches the override only when the receiver is of the subclass. */
  overrides: 0.8,
  /** The reader uses the top-level variable; whether the changed statement altered it is unknown. */
  reads: 0.8,
  /** Loading a module runs its top-level code; whether the importer depends on its effect is unknown. */
  loads: 0.5,
  'member-of': 0.8,
  /** Same name, unknown receiver: the weakest evidence, kept because a missed test costs more. */
  'name-match': 0.2,
  mentions: 0.9,
  'imports-package': 0.9,
  /** The reflecting code uses the class; whether it reaches this member is unknown. */
  reflects: 0.5,
  /** Declared in the config by the people who wrote the test. */
  runs: 1,
  /** The runner calls what a test module's namespace holds by name; a method named `test*` may be of a class it does not collect. */
  collects: 0.9,
  /** The test's imports are not known for sure (the index skipped it, or parsed it only in part): it may load anything. */
  untraced: 0.5,
} as const satisfies Partial<Record<Relation, number>>;

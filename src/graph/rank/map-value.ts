/**
 * How the packer values what a map shows. A file's path is worth its confidence, its score relative
 * to the best file's raised to `sharpness`; showing its symbols adds `symbolValue` times the level's
 * symbol value (graph/rank/detail-levels.ts) times that confidence. The packer buys by value per
 * token, so where the ranking is flat (many files nearly as good as the best) paths are the better
 * buy and the map lists more files; where one file stands out, its signatures are worth their tokens.
 */
export interface PackWeights {
  /** Worth of a level's symbols relative to the file's path (per unit of detail-level value). */
  symbolValue: number;
  /** Exponent on the relative score: above 1 concentrates value on the top files, below 1 spreads it. */
  sharpness: number;
}

/**
 * Fitted after the blend by bench/mcp/fit-rank-weights.ts on the same tuning commits: recall alone
 * always prefers bare paths, so the rule was the setting with the largest share of signatures among
 * those within 0.01 of the best objective (7% of a 2000-token map; 0.4 spent 37% and cost 0.027).
 * A file's signatures are then worth their tokens only when it stands far above the files still
 * unlisted, which is when a map has found what the task is about.
 */
export const PACK_WEIGHTS: Readonly<PackWeights> = { symbolValue: 0.02, sharpness: 1 };

/** Confidence of a file no signal scored: listing it is still worth something, just less than anything scored. */
const FLOOR = 1e-6;

/** Value of showing a file at a level of detail whose symbol value is `levelValue` (0 for the path alone). */
export function mapValue(score: number, topScore: number, levelValue: number, weights: Readonly<PackWeights> = PACK_WEIGHTS): number {
  const confidence = topScore > 0 ? Math.max(FLOOR, Math.min(1, score / topScore) ** weights.sharpness) : 1;
  return confidence * (1 + weights.symbolValue * levelValue);
}

import type { ErrorObject, ValidateFunction } from 'ajv';
import { RatlasError } from '../util/errors.js';
import * as compiled from './compiled-validators.js';

/** The JSON Schemas in schemas/: the contract of every JSON file ratlas reads or writes. */
export type SchemaName = 'config' | 'graph-export' | 'index-result' | 'status' | 'impact-report' | 'doctor' | 'cache-list' | 'cache-prune' | 'query-result';

/**
 * The schemas' validators, compiled to code when ratlas is built (scripts/compile-schemas.ts):
 * compiling impact-report's at run time cost ~75 ms of every `ratlas impact --format json`, ajv's
 * compiler loaded included. The schemas are checked against the JSON Schema meta-schema by
 * tests/schema/schema-files.test.ts, since they ship with ratlas and never change.
 */
const VALIDATORS = {
  config: compiled.config,
  'graph-export': compiled.graphExport,
  'index-result': compiled.indexResult,
  status: compiled.status,
  'impact-report': compiled.impactReport,
  doctor: compiled.doctor,
  'cache-list': compiled.cacheList,
  'cache-prune': compiled.cachePrune,
  'query-result': compiled.queryResult,
} satisfies Record<SchemaName, (data: unknown) => boolean> as Record<SchemaName, ValidateFunction>;

/** Errors of `data` against a schema, one readable line each; empty when valid. */
export function schemaErrors(name: SchemaName, data: unknown): string[] {
  const validate = VALIDATORS[name];
  if (validate(data)) return [];
  return (validate.errors ?? []).map(describe);
}

/**
 * Throws when ratlas is about to emit output that breaks its own contract: that is a bug
 * (exit 3), not bad input.
 */
export function assertOutputValid(name: SchemaName, data: unknown): void {
  const errors = schemaErrors(name, data);
  if (errors.length > 0) {
    throw new RatlasError('output-invalid', `ratlas produced ${name} output that violates its schema: ${errors.slice(0, 5).join('; ')}`, { exit: 3 });
  }
}

function describe(error: ErrorObject): string {
  const where = error.instancePath || '(root)';
  const extra = error.keyword === 'additionalProperties' ? ` "${String((error.params as { additionalProperty: string }).additionalProperty)}"` : '';
  return `${where} ${error.message ?? 'is invalid'}${extra}`;
}

import { readdirSync, readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { RatlasError } from '../util/errors.js';

/** The JSON Schemas in schemas/: the contract of every JSON file ratlas reads or writes. */
export type SchemaName = 'config' | 'graph-export' | 'index-result' | 'status' | 'impact-report' | 'doctor' | 'cache-list' | 'cache-prune' | 'query-result';

const SCHEMA_DIR = new URL('../../schemas/', import.meta.url);
const compiled = new Map<SchemaName, ValidateFunction>();
let ajv: Ajv | undefined;

/**
 * All schemas are registered together so that one may `$ref` another by file name. They are not
 * checked against the JSON Schema meta-schema here (that compiles the meta-schema: 40 ms of every
 * command) but by tests/schema/schema-files.test.ts, since they ship with ratlas and never change.
 */
function registry(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false });
    for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).sort()) {
      ajv.addSchema(JSON.parse(readFileSync(new URL(file, SCHEMA_DIR), 'utf8')) as object);
    }
  }
  return ajv;
}

function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    validate = registry().getSchema(`https://ratlas.dev/schemas/${name}.schema.json`);
    if (!validate) throw new RatlasError('schema-missing', `schemas/${name}.schema.json is missing`, { exit: 3 });
    compiled.set(name, validate);
  }
  return validate;
}

/** Errors of `data` against a schema, one readable line each; empty when valid. */
export function schemaErrors(name: SchemaName, data: unknown): string[] {
  const validate = validator(name);
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

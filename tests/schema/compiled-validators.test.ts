import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { COMPILED_VALIDATORS, compiledValidatorsSource } from '../../scripts/compile-schemas.js';
import * as compiled from '../../src/schema/compiled-validators.js';
import { schemaErrors, type SchemaName } from '../../src/schema/validate.js';

const ROOT = new URL('../../', import.meta.url);

/** The validator ratlas compiled at run time before its validators were compiled at build time. */
function runtimeErrors(name: SchemaName, data: unknown): unknown {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false });
  for (const file of ['impact-report', 'config', 'cache-list']) {
    ajv.addSchema(JSON.parse(readFileSync(new URL(`schemas/${file}.schema.json`, ROOT), 'utf8')) as object);
  }
  const validate = ajv.getSchema(`https://ratlas.dev/schemas/${name}.schema.json`)!;
  validate(data);
  return validate.errors ?? [];
}

describe('the compiled schema validators', () => {
  it('are what the schemas compile to (run npm run compile:schemas after changing one)', () => {
    expect(readFileSync(new URL(COMPILED_VALIDATORS, ROOT), 'utf8') === compiledValidatorsSource(), 'run npm run compile:schemas').toBe(true);
  });

  it('report the errors that compiling the schema at run time reports', () => {
    const bad: [SchemaName, unknown][] = [
      ['impact-report', { schemaVersion: 'x', changes: [{ path: 7 }], extra: true }],
      ['config', { index: { exclude: 'not-a-list', maxFileBytes: -1 }, unknown: 1 }],
      ['cache-list', { artifacts: [{ commit: 3 }] }],
    ];
    for (const [name, data] of bad) {
      const errors = schemaErrors(name, data);
      expect(errors.length, name).toBeGreaterThan(1);
      const validate = { 'impact-report': compiled.impactReport, config: compiled.config, 'cache-list': compiled.cacheList }[name as string] as ((data: unknown) => boolean) & { errors?: unknown };
      expect(validate(data), name).toBe(false);
      expect(validate.errors, name).toEqual(runtimeErrors(name, data));
    }
  });
});

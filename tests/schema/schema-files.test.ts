import { readdirSync, readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';

const FOLDER = new URL('../../schemas/', import.meta.url);
const files = readdirSync(FOLDER).filter((f) => f.endsWith('.schema.json')).sort();

// ratlas registers its schemas without checking them against the meta-schema (src/schema/validate.ts):
// this is where they are checked, each against draft-07 and compiled in strict mode with the others.
describe('the schema files', () => {
  it.each(files)('%s is a valid draft-07 schema that compiles in strict mode', (file) => {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    const schemas = files.map((f) => JSON.parse(readFileSync(new URL(f, FOLDER), 'utf8')) as { $id: string });
    for (const schema of schemas) ajv.addSchema(schema);
    const schema = schemas[files.indexOf(file)]!;
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.getSchema(schema.$id)).toBeTypeOf('function');
  });

  it('a schema that breaks the meta-schema is caught here', () => {
    const ajv = new Ajv({ strict: true });
    expect(ajv.validateSchema({ type: 'object', properties: { a: { type: 'no-such-type' } } })).toBe(false);
  });
});

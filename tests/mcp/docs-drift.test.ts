import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOOL_HANDLERS } from '../../src/mcp/server.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/mcp-tools.schema.json', import.meta.url), 'utf8')) as {
  $defs: Record<string, { properties: Record<string, { default?: unknown }> }>;
};
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Using ratlas from coding agents (MCP)'));

describe('MCP tools: schema, server and README agree', () => {
  it('serves exactly the tools the schema file defines', () => {
    expect(Object.keys(TOOL_HANDLERS).sort()).toEqual(Object.keys(schema.$defs).sort());
  });

  it('documents every tool, argument and default in the README section', () => {
    expect(section.length).toBeGreaterThan(100);
    for (const [tool, definition] of Object.entries(schema.$defs)) {
      const row = section.split('\n').find((line) => line.startsWith(`| \`${tool}\` |`));
      expect(row, `README row for ${tool}`).toBeDefined();
      // callees_of documents itself as "same as callers_of".
      const documented = tool === 'callees_of' ? section.split('\n').find((line) => line.startsWith('| `callers_of` |'))! : row!;
      for (const [name, property] of Object.entries(definition.properties)) {
        expect(documented, `${tool}.${name}`).toContain(`\`${name}\``);
        if (property.default !== undefined) expect(documented, `${tool}.${name} default`).toContain(`\`${name}\` (${JSON.stringify(property.default)})`);
      }
    }
  });
});

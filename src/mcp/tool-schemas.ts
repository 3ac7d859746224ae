import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';

/** One tool as tools/list describes it. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
}

const SCHEMA_URL = new URL('../../schemas/mcp-tools.schema.json', import.meta.url);

interface ToolSchemaFile {
  $defs: Record<string, { description: string; [key: string]: unknown }>;
}

let loaded: { tools: ToolDefinition[]; validators: Map<string, ValidateFunction> } | undefined;

/**
 * The tools' input schemas, read from schemas/mcp-tools.schema.json: tools/list answers with them
 * verbatim and calls are validated against them, so the contract lives in one place. (The low-level
 * SDK Server is used instead of McpServer.registerTool for this reason: registerTool takes zod
 * shapes, which would be a second copy of these schemas.)
 */
function load(): NonNullable<typeof loaded> {
  if (!loaded) {
    const file = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as ToolSchemaFile;
    // useDefaults fills in every documented default, so handlers see complete arguments.
    const ajv = new Ajv({ allErrors: true, strict: true, useDefaults: true });
    const tools: ToolDefinition[] = [];
    const validators = new Map<string, ValidateFunction>();
    for (const [name, schema] of Object.entries(file.$defs)) {
      tools.push({ name, description: schema.description, inputSchema: { ...schema, type: 'object' } });
      validators.set(name, ajv.compile(schema));
    }
    loaded = { tools, validators };
  }
  return loaded;
}

export function toolDefinitions(): ToolDefinition[] {
  return load().tools;
}

/**
 * Validates (and completes with defaults) a tool's arguments. Returns the problems, one line each,
 * or null when valid; throws nothing.
 */
export function argumentProblems(tool: string, args: Record<string, unknown>): string[] | null {
  const validate = load().validators.get(tool);
  if (!validate) return [`unknown tool ${tool}`];
  if (validate(args)) return null;
  return (validate.errors ?? []).map((e) => {
    const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'arguments';
    if (e.keyword === 'additionalProperties') return `${where}: unknown argument "${String((e.params as { additionalProperty: string }).additionalProperty)}"`;
    if (e.keyword === 'enum') return `${where} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ')}`;
    return `${where} ${e.message ?? 'is invalid'}`;
  });
}

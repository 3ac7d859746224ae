import { parseAllDocuments } from 'yaml';

/** Keys whose values label a workflow, a job, a step or an input for people: no task runs them. */
const LABELS = new Set(['name', 'description']);

/** Keys under which a `name` is data handed to something (an action's input, a variable), not a label. */
const DATA = new Set(['with', 'env', 'variables', 'inputs', 'outputs', 'args']);

/**
 * Pure: the text of a neutral task file (policies/task-scripts.ts: NEUTRAL_TASK_FILES) that may
 * say what runs. A YAML pipeline's keys and values without its comments and labels (`name:`,
 * `description:`): actions/typescript-action's check-dist workflow, copied by most JavaScript
 * actions, names `dist/index.js` only in a comment and a step's name, and read whole it ran every
 * test whenever the bundle was rebuilt. A make or just file without its comment lines. Null for
 * another file, or YAML that does not parse: then the whole text counts.
 */
export function neutralTaskCommands(path: string, text: string): string | null {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (/\.ya?ml$/.test(name)) return yamlCommands(text);
  if (/^(?:GNUmakefile|[Mm]akefile|[Jj]ustfile)$/.test(name)) return text.split('\n').filter((line) => !/^\s*#/.test(line)).join('\n');
  return null;
}

function yamlCommands(text: string): string | null {
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents)) return null;
  const out: string[] = [];
  for (const document of documents) {
    if (document.errors.length > 0) return null;
    try {
      // The yaml package's own bound on aliases (100) keeps a file of nested aliases from growing without end.
      collect(document.toJS() as unknown, undefined, out);
    } catch {
      return null;
    }
  }
  return out.join('\n');
}

/** Every key and scalar under `value`, but a label's value (LABELS, not under a DATA key). */
function collect(value: unknown, parent: string | undefined, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, parent, out);
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      out.push(key);
      if (LABELS.has(key) && typeof item === 'string' && (parent === undefined || !DATA.has(parent))) continue;
      collect(item, key, out);
    }
    return;
  }
  if (value !== null && value !== undefined) out.push(String(value));
}

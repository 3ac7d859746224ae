import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The repository root: where action.yml and the committed action-dist/ are. */
export const ACTION_PATH = fileURLToPath(new URL('../../..', import.meta.url));

interface StepDef {
  id?: string;
  if?: string;
  run?: string;
  shell?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

interface ActionDef {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: StepDef[] };
}

export interface Annotation {
  kind: string;
  properties: Record<string, string>;
  message: string;
}

export interface StepRun {
  id: string;
  skipped: boolean;
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

/** What a `uses:` step does here: the runner's own actions (actions/cache) are simulated by the test. */
export type UsesHandler = (inputs: Record<string, string>) => Promise<Record<string, string>> | Record<string, string>;

export interface ActionRun {
  outputs: Record<string, string>;
  steps: StepRun[];
  annotations: Annotation[];
}

/**
 * Runs action.yml's composite steps the way the runner does: each `run:` step in bash with its
 * `env:` (expressions evaluated), a fresh GITHUB_OUTPUT file whose outputs feed the later steps'
 * expressions, `if:` conditions honoured, and workflow commands read from stdout (annotations,
 * ::stop-commands::). Only the expression forms action.yml uses are known; any other one throws,
 * so a new form in action.yml fails here instead of being guessed.
 */
export async function runAction(options: {
  with: Record<string, string>;
  env: Record<string, string>;
  github: { token: string };
  uses: Record<string, UsesHandler>;
  /** A folder for the steps' scripts and output files. */
  scratch: string;
}): Promise<ActionRun> {
  const action = parse(readFileSync(join(ACTION_PATH, 'action.yml'), 'utf8')) as ActionDef;
  if (action.runs.using !== 'composite') throw new Error(`runs.using is ${action.runs.using}`);
  const inputs: Record<string, string> = {};
  const defaults = { inputs: {}, steps: {}, github: options.github, failed: () => false };
  for (const [name, def] of Object.entries(action.inputs)) {
    inputs[name] = options.with[name] ?? String(def.default ?? '').replace(/\$\{\{(.*?)\}\}/g, (_, expr: string) => String(evaluate(expr, defaults)));
  }
  for (const name of Object.keys(options.with)) if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  const steps: Record<string, StepRun> = {};
  const runs: StepRun[] = [];
  const annotations: Annotation[] = [];
  let failed = false;
  const context = { inputs, steps, github: options.github, failed: () => failed };
  const expand = (text: string) => text.replace(/\$\{\{(.*?)\}\}/g, (_, expr: string) => String(evaluate(expr, context)));
  for (const [index, step] of action.runs.steps.entries()) {
    const id = step.id ?? `step${index}`;
    const condition = step.if === undefined ? true : step.if.trim().replace(/^\$\{\{(.*)\}\}$/s, '$1');
    const statusFunction = typeof condition === 'string' && /\b(always|cancelled|failure|success)\(\)/.test(condition);
    const run = (failed && !statusFunction) || (typeof condition === 'string' && !evaluate(condition, context));
    if (run) {
      steps[id] = { id, skipped: true, code: 0, stdout: '', stderr: '', outputs: {} };
      runs.push(steps[id]);
      continue;
    }
    let result: StepRun;
    if (step.uses !== undefined) {
      const handler = options.uses[step.uses];
      if (!handler) throw new Error(`no simulation for uses: ${step.uses}`);
      const withValues = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(String(v))]));
      result = { id, skipped: false, code: 0, stdout: '', stderr: '', outputs: await handler(withValues) };
    } else {
      if (step.shell !== 'bash') throw new Error(`step ${id}: shell ${step.shell ?? '(none)'}`);
      const scratch = mkdtempSync(join(options.scratch, `${id}-`));
      const outputFile = join(scratch, 'output');
      writeFileSync(outputFile, '');
      const env: Record<string, string> = { ...options.env, GITHUB_ACTION_PATH: ACTION_PATH, GITHUB_OUTPUT: outputFile };
      for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expand(String(v));
      const script = join(scratch, 'step.sh');
      writeFileSync(script, expand(step.run!));
      const done = await spawnBash(script, env);
      result = { id, skipped: false, ...done, outputs: parseOutputFile(readFileSync(outputFile, 'utf8')) };
      annotations.push(...readWorkflowCommands(done.stdout));
    }
    if (result.code !== 0) failed = true;
    steps[id] = result;
    runs.push(result);
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, def]) => [name, expand(def.value)]));
  return { outputs, steps: runs, annotations };
}

function spawnBash(script: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // As the runner calls a bash step: bash --noprofile --norc -eo pipefail {0}
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: env['GITHUB_WORKSPACE'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

interface Context {
  inputs: Record<string, string>;
  steps: Record<string, StepRun>;
  github: { token: string };
  failed: () => boolean;
}

/** The expression forms action.yml uses: `a && b`, `!cancelled()`, `x == 'lit'`, and context paths. */
function evaluate(expr: string, context: Context): string | boolean {
  const text = expr.trim();
  if (text.includes('&&')) return text.split('&&').every((part) => truthy(evaluate(part, context)));
  if (text === '!cancelled()') return true;
  const differs = /^(.+?)\s*!=\s*'([^']*)'$/.exec(text);
  if (differs) return String(evaluate(differs[1]!, context)) !== differs[2];
  const equals = /^(.+?)\s*==\s*'([^']*)'$/.exec(text);
  if (equals) return String(evaluate(equals[1]!, context)) === equals[2];
  let m = /^inputs\.([\w-]+)$/.exec(text);
  if (m) {
    if (!(m[1]! in context.inputs)) throw new Error(`action.yml reads an undeclared input: ${text}`);
    return context.inputs[m[1]!]!;
  }
  m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(text);
  if (m) return context.steps[m[1]!]?.outputs[m[2]!] ?? '';
  if (text === 'github.token') return context.github.token;
  throw new Error(`expression the simulation does not know: ${text}`);
}

function truthy(value: string | boolean): boolean {
  return value !== false && value !== '';
}

/** GITHUB_OUTPUT: `name=value` lines and `name<<DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const block = /^([^=<]+)<<(.+)$/.exec(line);
    if (block) {
      const end = lines.indexOf(block[2]!, i + 1);
      if (end < 0) throw new Error(`output ${block[1]} has no closing ${block[2]}`);
      out[block[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) throw new Error(`output line without a value: ${line}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

/** Annotations in a step's stdout, as the runner reads them: nothing between ::stop-commands:: and its token. */
export function readWorkflowCommands(stdout: string): Annotation[] {
  const found: Annotation[] = [];
  let stoppedBy: string | null = null;
  for (const line of stdout.split('\n')) {
    if (stoppedBy !== null) {
      if (line === `::${stoppedBy}::`) stoppedBy = null;
      continue;
    }
    const stop = /^::stop-commands::(.+)$/.exec(line);
    if (stop) {
      stoppedBy = stop[1]!;
      continue;
    }
    const command = /^::(warning|error|notice)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!command) continue;
    const properties: Record<string, string> = {};
    for (const pair of (command[2] ?? '').split(',').filter((p) => p !== '')) {
      const eq = pair.indexOf('=');
      properties[pair.slice(0, eq)] = unescapeCommand(pair.slice(eq + 1));
    }
    found.push({ kind: command[1]!, properties, message: unescapeCommand(command[3]!) });
  }
  return found;
}

function unescapeCommand(text: string): string {
  return text.replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

/** actions/cache simulated on a folder: entries by key, restore by exact key or newest entry of a prefix. */
export function simulatedCache(store: string) {
  const entries: { key: string; dir: string }[] = [];
  const saves: string[] = [];
  const copy = (from: string, to: string) => cpSync(from, to, { recursive: true });
  return {
    entries,
    saves,
    restore: (w: Record<string, string>) => {
      const exact = entries.find((e) => e.key === w['key']);
      const prefixes = (w['restore-keys'] ?? '').split('\n').map((p) => p.trim()).filter((p) => p !== '');
      const match = exact ?? [...entries].reverse().find((e) => prefixes.some((p) => e.key.startsWith(p)));
      if (!match) return { 'cache-hit': 'false' };
      copy(match.dir, w['path']!);
      return { 'cache-hit': String(match === exact), 'cache-matched-key': match.key };
    },
    save: (w: Record<string, string>) => {
      // GitHub's cache keys are immutable: saving an existing key is refused.
      if (entries.some((e) => e.key === w['key'])) throw new Error(`cache key ${w['key']} exists already`);
      const dir = join(store, String(entries.length));
      copy(w['path']!, dir);
      entries.push({ key: w['key']!, dir });
      saves.push(w['key']!);
      return {};
    },
  };
}

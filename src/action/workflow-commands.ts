import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';

/**
 * GitHub Actions' file and stdout protocols: step outputs (`$GITHUB_OUTPUT`), the job summary
 * (`$GITHUB_STEP_SUMMARY`) and workflow commands (`::warning file=...::message`).
 */

/**
 * Step outputs in the `name<<DELIMITER` form, which holds any value, newlines included. The
 * delimiter is random and checked against the value, so a value cannot end its own block and
 * inject another output.
 */
export function formatOutputs(values: Readonly<Record<string, string>>, delimiter: () => string = () => `ratlas_${randomUUID()}`): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    let end = delimiter();
    while (value.includes(end)) end = delimiter();
    out += `${name}<<${end}\n${value}\n${end}\n`;
  }
  return out;
}

/** Appends outputs to the file GitHub names in GITHUB_OUTPUT. */
export function writeOutputs(file: string | undefined, values: Readonly<Record<string, string>>): void {
  if (!file) throw new Error('GITHUB_OUTPUT is not set: this runs as a step of a GitHub Actions job');
  appendFileSync(file, formatOutputs(values));
}

export interface AnnotationProperties {
  file?: string;
  line?: number;
  endLine?: number;
  title?: string;
}

/** A `::warning ...::` (or notice, error) command; data and properties escaped as the runner expects. */
export function annotation(kind: 'error' | 'warning' | 'notice', message: string, properties: AnnotationProperties = {}): string {
  const props = Object.entries(properties)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(',');
  return `::${kind}${props ? ` ${props}` : ''}::${escapeData(message)}\n`;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * Stops the runner from reading workflow commands in what follows (text from the repository could
 * hold `::set-env`-like lines) until `resume` is printed. Returns the stop line and the resume line.
 */
export function stopCommands(): { stop: string; resume: string } {
  const token = `ratlas-${randomUUID()}`;
  return { stop: `::stop-commands::${token}\n`, resume: `::${token}::\n` };
}

import type { Extraction } from '../model/extraction.js';
import { extract, ParseAbortedError } from '../lang/extract.js';
import { languageById } from '../lang/registry.js';
import { loadLanguage } from './load-language.js';

/** One file to parse: its text is already decoded and classified as source. */
export interface ParseJob {
  path: string;
  language: string;
  text: string;
  timeoutMs: number;
}

export type ParseOutcome =
  | { path: string; ok: true; extraction: Extraction }
  | { path: string; ok: false; reason: 'timeout' | 'crash'; message: string };

/** Parses one file; never throws for anything the file contains. */
export async function parseFile(job: ParseJob): Promise<ParseOutcome> {
  const definition = languageById(job.language);
  if (!definition) return { path: job.path, ok: false, reason: 'crash', message: `no adapter for language ${job.language}` };
  const lang = await loadLanguage(definition);
  try {
    return { path: job.path, ok: true, extraction: extract(lang, job.path, job.text, { timeoutMs: job.timeoutMs }) };
  } catch (error) {
    const reason = error instanceof ParseAbortedError ? 'timeout' : 'crash';
    return { path: job.path, ok: false, reason, message: (error as Error).message };
  }
}

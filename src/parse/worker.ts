import { parentPort } from 'node:worker_threads';
import { languageById } from '../lang/registry.js';
import { loadLanguage, prepareParser } from './load-language.js';
import { parseFile, type ParseJob } from './parse-file.js';

/**
 * A parse worker: each compiles a grammar's queries the first time it needs them (or when told to
 * warm up), then parses the batches it is sent. A grammar that fails to load fails the batch with
 * `{ id, error }`, and the pool retries that batch on a fresh worker.
 */
parentPort!.on('message', (message: { id: number; jobs: ParseJob[] } | { warm: string } | { prepare: true }) => {
  if ('prepare' in message) {
    // Started ahead of its files (ParsePool.prestart): tree-sitter's runtime, no grammar yet. A
    // failure here surfaces as the failed load of the first batch.
    prepareParser().catch(() => undefined);
    return;
  }
  if ('warm' in message) {
    const definition = languageById(message.warm);
    // A failure here surfaces as the failed load of the first batch that needs the language.
    if (definition) loadLanguage(definition).catch(() => undefined);
    return;
  }
  void (async () => {
    try {
      const outcomes = [];
      for (const job of message.jobs) outcomes.push(await parseFile(job));
      parentPort!.postMessage({ id: message.id, outcomes });
    } catch (error) {
      parentPort!.postMessage({ id: message.id, error: (error as Error).message });
    }
  })();
});

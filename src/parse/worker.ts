import { parentPort } from 'node:worker_threads';
import { languageById } from '../lang/registry.js';
import { loadLanguage } from './load-language.js';
import { parseFile, type ParseJob } from './parse-file.js';

/**
 * A parse worker: each compiles a grammar's queries the first time it needs them (or when told to
 * warm up), then parses the batches it is sent.
 */
parentPort!.on('message', (message: { id: number; jobs: ParseJob[] } | { warm: string }) => {
  if ('warm' in message) {
    const definition = languageById(message.warm);
    // A failure here surfaces as the parse outcome of the first file that needs the language.
    if (definition) loadLanguage(definition).catch(() => undefined);
    return;
  }
  void (async () => {
    const outcomes = [];
    for (const job of message.jobs) outcomes.push(await parseFile(job));
    parentPort!.postMessage({ id: message.id, outcomes });
  })();
});

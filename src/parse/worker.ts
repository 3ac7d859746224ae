import { parentPort } from 'node:worker_threads';
import { parseFile, type ParseJob } from './parse-file.js';

/** A parse worker: each compiles the grammars once, then parses the batches it is sent. */
parentPort!.on('message', (message: { id: number; jobs: ParseJob[] }) => {
  void (async () => {
    const outcomes = [];
    for (const job of message.jobs) outcomes.push(await parseFile(job));
    parentPort!.postMessage({ id: message.id, outcomes });
  })();
});

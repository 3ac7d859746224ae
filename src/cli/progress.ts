import { SingleBar } from 'cli-progress';
import type { ProgressEvent } from '../pipeline/build-store.js';

const LABELS: Record<ProgressEvent['phase'], string> = { read: 'Reading', parse: 'Parsing', resolve: 'Resolving', write: 'Writing' };

/**
 * A progress bar on stderr (files, files/s, ETA) when stderr is a terminal and the user did not ask
 * for quiet or machine output; otherwise nothing at all.
 */
export function progressReporter(enabled: boolean): { onProgress?: (event: ProgressEvent) => void; stop: () => void } {
  if (!enabled || !process.stderr.isTTY) return { stop: () => undefined };
  let bar: SingleBar | undefined;
  let phase: ProgressEvent['phase'] | undefined;
  let started = 0;
  const stop = () => {
    bar?.stop();
    bar = undefined;
  };
  return {
    stop,
    onProgress(event) {
      if (event.phase !== phase) {
        stop();
        phase = event.phase;
        started = performance.now();
        bar = new SingleBar(
          {
            stream: process.stderr,
            format: `${LABELS[event.phase].padEnd(9)} {bar} {value}/{total} files  {rate}/s  ETA {eta_formatted}`,
            hideCursor: true,
            clearOnComplete: true,
            etaBuffer: 50,
          },
        );
        bar.start(event.total, event.done, { rate: '0' });
      }
      const seconds = (performance.now() - started) / 1000;
      bar?.update(event.done, { rate: seconds > 0 ? Math.round(event.done / seconds).toString() : '0' });
    },
  };
}

// One part of a parallel exploration (src/review/parallel.ts), run in a worker thread: it explores its share of the
// branches and posts back the classes of complete paths it found, as plain data.
import { parentPort, workerData } from 'node:worker_threads';
import { runPart, type WorkerJob } from './parallel.ts';

runPart(workerData as WorkerJob).then(
  (core) => parentPort?.postMessage({ ok: true, core }),
  (e: unknown) => parentPort?.postMessage({ ok: false, error: (e as Error)?.message ?? String(e) }),
);

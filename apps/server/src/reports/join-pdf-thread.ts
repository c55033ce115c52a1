/**
 * Inside the joining thread: one joiner (join-pdf) for the file named in `workerData`, driven by
 * the server's messages. The thread exists so that what pdf-lib keeps for good — every object
 * reference it ever made sits in a module-level pool, ~300 MB after a 100,000-finding report —
 * goes with the thread when the report is done, instead of staying in the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Lang } from '@didban/core';
import { openJoiner } from './join-pdf.js';

export type JoinRequest = { id: number; op: 'add'; path: string } | { id: number; op: 'finish' };
export type JoinReply = { id: number; ok: true; pages?: number } | { id: number; ok: false; error: string };

const port = parentPort!;
const { outPath, lang } = workerData as { outPath: string; lang: Lang };
const joiner = openJoiner(outPath, lang);
// One request at a time, in order: slices must be appended in the order they were printed.
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: JoinRequest) => {
  queue = queue.then(async () => {
    try {
      if (request.op === 'add') {
        await joiner.add(request.path);
        port.postMessage({ id: request.id, ok: true } satisfies JoinReply);
      } else {
        const pages = await joiner.finish();
        port.postMessage({ id: request.id, ok: true, pages } satisfies JoinReply);
      }
    } catch (error) {
      joiner.abort();
      port.postMessage({ id: request.id, ok: false, error: (error as Error).message } satisfies JoinReply);
    }
  });
});

/**
 * The PDF joiner (join-pdf) run in a worker thread of its own, one per report: the same `PdfJoiner`
 * to the caller, but pdf-lib's memory (its object-reference pool never shrinks) is given back when
 * the thread ends, after `finish()` or `abort()`.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Lang } from '@didban/core';
import type { PdfJoiner } from './join-pdf.js';
import type { JoinReply, JoinRequest } from './join-pdf-thread.js';

const THREAD_ENTRY = fileURLToPath(new URL('../../bin/join-pdf-thread.mjs', import.meta.url));

type Pending = { resolve: (pages: number | undefined) => void; reject: (error: Error) => void };

export function openJoinerThread(outPath: string, lang: Lang): PdfJoiner {
  // execArgv: none of the server's own flags (a heap size meant for the server, a test runner's
  // loader); the entry registers tsx itself.
  const thread = new Worker(THREAD_ENTRY, { workerData: { outPath, lang }, execArgv: [], stdout: false });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let ended: Error | null = null;
  const failAll = (error: Error) => {
    ended = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  thread.on('message', (reply: JoinReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.pages);
    else p.reject(new Error(reply.error));
  });
  thread.on('error', (error) => failAll(error));
  thread.on('exit', (code) => failAll(new Error(`the PDF joining thread ended (exit code ${code})`)));
  const call = (request: { op: 'add'; path: string } | { op: 'finish' }) =>
    new Promise<number | undefined>((resolve, reject) => {
      if (ended) return reject(ended);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      thread.postMessage({ ...request, id } as JoinRequest);
    });

  return {
    async add(partPath) {
      await call({ op: 'add', path: partPath });
    },
    async finish() {
      try {
        return (await call({ op: 'finish' }))!;
      } finally {
        await thread.terminate();
      }
    },
    abort() {
      void thread.terminate();
    },
  };
}

import { onAbort } from '../util/abort-registry.js';
import { evaluateDsl, type Scope } from './evaluate.js';
import { toNum } from './values.js';

const WAIT_FOR = /\{\{\s*wait_for\(([^{}]*)\)\s*\}\}/g;

/**
 * Seconds a request's `{{wait_for(n)}}` placeholders ask for. Nuclei sleeps inside the helper
 * while it renders the request (templates use it to give a server time to write a file before
 * fetching it); DSL helpers here are synchronous, so the executor awaits the wait before
 * rendering and the helper itself only returns `true`, as Nuclei's does afterwards.
 */
export function waitForSeconds(text: string, scope: Scope): number {
  if (!text.includes('wait_for(')) return 0;
  let seconds = 0;
  for (const m of text.matchAll(WAIT_FOR)) {
    try {
      seconds += Math.max(0, Math.trunc(toNum(evaluateDsl(m[1]!, scope))));
    } catch {
      // A bad argument fails the render the same way; nothing to wait for.
    }
  }
  return seconds;
}

/** Resolves after `ms`, or at once when the signal aborts (the template budget included). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const off = onAbort(signal, done);
    function done() {
      clearTimeout(timer);
      off();
      resolve();
    }
  });
}

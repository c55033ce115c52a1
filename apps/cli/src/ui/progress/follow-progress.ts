import type { Poller, PollerSnapshot } from '@didban/core';
import { createElement } from 'react';
import type { Context } from '../../context.js';
import { runsInCi } from '../../env.js';
import type { OutputStream } from '../../io.js';
import { canRedraw } from '../../terminal/capabilities.js';
import { followPlain } from './plain-progress.js';
import type { ProgressSource } from './progress-model.js';

/**
 * Follow something until the poller sees a terminal value (or the user presses Ctrl+C): the Ink
 * view on a terminal, plain lines otherwise (a pipe, or a CI job even on a pseudo-terminal). `scans follow` will call this with a poller on the
 * scan history endpoint and decide its exit code from the final snapshot.
 */
export async function followProgress<T>(
  ctx: Context,
  poller: Poller<T>,
  source: ProgressSource<T>,
): Promise<PollerSnapshot<T>> {
  const stdout = ctx.io.stdout;
  if (!isTerminalStream(stdout) || !canRedraw(stdout, ctx.env) || runsInCi(ctx.env)) {
    return followPlain(poller, source, ctx.out, ctx.t);
  }
  // Ink and React load only on a terminal; a CI log never pays for them.
  const [{ render }, { ProgressView }] = await Promise.all([import('ink'), import('./progress-view.js')]);
  const app = render(createElement(ProgressView<T>, { poller, source, t: ctx.t }), {
    stdout,
    patchConsole: false,
  });
  try {
    return await new Promise<PollerSnapshot<T>>((resolve) => {
      const check = () => {
        const snapshot = poller.getSnapshot();
        if (snapshot.status === 'done' || snapshot.status === 'stopped') {
          off();
          resolve(snapshot);
        }
      };
      const off = poller.subscribe(check);
      poller.start();
      check();
    });
  } finally {
    // Let Ink draw the final frame before it lets go of the terminal.
    await new Promise((r) => setImmediate(r));
    app.unmount();
  }
}

/** Ink draws on a real terminal stream: a TTY that also emits `resize` (an EventEmitter). */
function isTerminalStream(stream: OutputStream): stream is OutputStream & NodeJS.WriteStream {
  return stream.isTTY === true && typeof (stream as Partial<NodeJS.WriteStream>).on === 'function';
}

import { createElement } from 'react';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { canRedraw } from '../terminal/capabilities.js';
import { requireSession } from './require-session.js';

/**
 * `didban ui`: the interactive screen. It needs a terminal on both ends (raw keys in, a redrawn
 * screen out); a pipe gets one line and exit 2 rather than a screen nobody can drive.
 */
export async function uiCommand(ctx: Context): Promise<void> {
  const { stdin, stdout } = ctx.io;
  if (stdin.isTTY !== true || stdout.isTTY !== true) throw usageError('usage.ui_needs_tty');
  // A screen Ink redraws needs a size and cursor movement, or it clears the scrollback per frame.
  if (!canRedraw(stdout, ctx.env)) throw usageError('usage.ui_needs_size');
  requireSession(ctx);
  const [{ render }, { UiApp }, { createUiData }] = await Promise.all([
    import('ink'),
    import('../ui/app/app.js'),
    import('../ui/app/ui-data.js'),
  ]);
  const app = render(createElement(UiApp, { data: createUiData(ctx), t: ctx.t, lang: ctx.lang }), {
    stdin: stdin as unknown as NodeJS.ReadStream,
    stdout: stdout as unknown as NodeJS.WriteStream,
    patchConsole: false,
  });
  await app.waitUntilExit();
}

import { resolveLang } from './config/settings.js';
import { parseEnv } from './env.js';
import { createTranslator } from './i18n/translate.js';
import { run } from './run.js';
import { ttyPrompt } from './terminal/tty-prompt.js';

/**
 * One SIGINT listener for the whole run, handing Ctrl+C to the innermost command that asked for
 * it. A `process.once` per command removed itself before Ink's signal-exit looked, which then saw
 * only its own listener and killed the process (a bare `^C`, no line, no partial results).
 * With no command listening, Ctrl+C settles `interrupted` so `run` prints its line and exits 130.
 */
function interrupts() {
  const handlers: (() => void)[] = [];
  let fallback: (() => void) | undefined;
  const onSigint = () => {
    const top = handlers.at(-1);
    if (top) top();
    else fallback?.();
  };
  process.on('SIGINT', onSigint);
  return {
    register(handler: () => void) {
      handlers.push(handler);
      return () => {
        const i = handlers.lastIndexOf(handler);
        if (i >= 0) handlers.splice(i, 1);
      };
    },
    /** Resolves on a Ctrl+C no command handles. */
    unhandled: new Promise<void>((resolve) => {
      fallback = resolve;
    }),
    dispose: () => process.off('SIGINT', onSigint),
  };
}

/** The only place that touches `process`: wires the real streams and environment into `run`. */
export async function main(): Promise<number> {
  // Ink colours through chalk, which ignores NO_COLOR (no-color.org); FORCE_COLOR=0 it reads.
  if (process.env.NO_COLOR) process.env.FORCE_COLOR = '0';
  const sigint = interrupts();
  const { exitCode } = await run(
    process.argv.slice(2),
    {
      stdout: process.stdout,
      stderr: process.stderr,
      stdin: process.stdin,
      env: process.env,
      ...(process.stdin.isTTY ? { prompt: ttyPrompt(process.stdin, process.stderr) } : {}),
      onInterrupt: (handler) => sigint.register(handler),
      interrupted: sigint.unhandled,
      openUrl: async (url) => {
        const { default: open } = await import('open');
        await open(url);
      },
    },
    { capture: false },
  );
  sigint.dispose();
  return exitCode;
}

/**
 * The line for an error that escaped `run` (thrown from an event handler deep in a library):
 * still one line, still translated; the stack only with --verbose.
 */
export async function fatalText(error: unknown): Promise<string> {
  let lang: 'en' | 'fa' = 'en';
  try {
    lang = resolveLang(undefined, parseEnv(process.env), () => undefined);
  } catch {}
  const { describeError } = await import('./report-error.js');
  const { line } = describeError(error, { t: createTranslator(lang) });
  const stack = process.argv.includes('--verbose') && error instanceof Error ? `${error.stack}\n` : '';
  return `${line}\n${stack}`;
}

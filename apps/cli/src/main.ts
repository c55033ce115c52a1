import { resolveLang } from './config/settings.js';
import { parseEnv } from './env.js';
import { createTranslator } from './i18n/translate.js';
import { run } from './run.js';
import { ttyPrompt } from './terminal/tty-prompt.js';

/** The only place that touches `process`: wires the real streams and environment into `run`. */
export async function main(): Promise<number> {
  const { exitCode } = await run(
    process.argv.slice(2),
    {
      stdout: process.stdout,
      stderr: process.stderr,
      stdin: process.stdin,
      env: process.env,
      ...(process.stdin.isTTY ? { prompt: ttyPrompt(process.stdin, process.stderr) } : {}),
      onInterrupt: (handler) => {
        process.once('SIGINT', handler);
        return () => process.off('SIGINT', handler);
      },
      openUrl: async (url) => {
        const { default: open } = await import('open');
        await open(url);
      },
    },
    { capture: false },
  );
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

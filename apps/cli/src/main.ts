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
      openUrl: async (url) => {
        const { default: open } = await import('open');
        await open(url);
      },
    },
    { capture: false },
  );
  return exitCode;
}

import { spawn } from 'node:child_process';
import { BIN } from './binary.js';

/**
 * The real binary on a pseudo-terminal (util-linux `script`), as a user at a shell runs it: Ctrl+C
 * typed into the terminal becomes SIGINT for the process, stdout and stderr are the terminal.
 * `until` waits for text on the screen; `type` sends keys; `exit` is the binary's exit code.
 */
export function runInTerminal(args: string[], env: Record<string, string>) {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { PATH: process.env.PATH ?? '', TERM: 'xterm', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  const waiters: { text: string | RegExp; resolve: () => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      if (typeof w.text === 'string' ? screen.includes(w.text) : w.text.test(screen)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  child.stdout.setEncoding('utf8').on('data', (s: string) => {
    screen += s;
    check();
  });
  const exit = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  return {
    get screen() {
      return screen;
    },
    until(text: string | RegExp, ms = 20_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${text} on screen: ${screen}`)), ms);
        waiters.push({
          text,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        check();
      });
    },
    type(keys: string) {
      child.stdin.write(keys);
    },
    exit,
  };
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/didban.mjs', import.meta.url));

export type BinaryResult = { exitCode: number; stdout: string; stderr: string };

/**
 * Runs the real `didban` binary as a child process, as a pipeline would: stdin and stdout are
 * pipes, not terminals. Only the variables given (plus PATH) reach it.
 */
export function runBinary(
  args: string[],
  env: Record<string, string>,
  options: { stdin?: string; onStderr?: (text: string) => void; cwd?: string; slowReaderMs?: number } = {},
): Promise<BinaryResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => {
      stdout += s;
    });
    child.stderr.setEncoding('utf8').on('data', (s: string) => {
      stderr += s;
      options.onStderr?.(stderr);
    });
    // A reader that falls behind (a `| jq` busy elsewhere): the pipe fills and the writer waits.
    if (options.slowReaderMs) {
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), options.slowReaderMs);
    }
    child.on('error', reject);
    child.on('close', (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

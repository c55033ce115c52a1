import { randomBytes } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CliError } from '../errors.js';
import type { OutputStream } from '../io.js';

/** Where a command writes a document: a file, or standard output for `-` (as in nuclei's `-o -`). */
export type Sink = {
  /** Resolves when the stream can take more: memory stays flat however large the output. */
  write(chunk: string): Promise<void>;
  close(): Promise<void>;
  /** After a failure: a half-written file is removed (a script would take it for the whole). */
  discard(): Promise<void>;
  readonly toStdout: boolean;
};

/** Waits for `drain` when the stream asks for it (real streams); plain test sinks never do. */
export async function writeWithBackpressure(stream: OutputStream, chunk: string): Promise<void> {
  const ok = stream.write(chunk);
  const emitter = stream as Partial<NodeJS.WritableStream>;
  if (ok === false && typeof emitter.once === 'function') {
    await new Promise<void>((resolve) => emitter.once?.('drain', () => resolve()));
  }
}

export async function openSink(
  path: string,
  stdout: OutputStream,
  describe: (error: unknown) => string,
): Promise<Sink> {
  if (path === '-') {
    return {
      toStdout: true,
      write: (chunk) => writeWithBackpressure(stdout, chunk),
      close: async () => {},
      discard: async () => {},
    };
  }
  // Written under a temporary name beside the target and renamed once complete: Ctrl+C or a
  // failure half-way never leaves a truncated file under the name a script will read.
  const partial = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.partial`);
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(partial, 'w');
  } catch (error) {
    throw new CliError('error.write_file', { file: path, reason: describe(error) });
  }
  // The process may end on a second Ctrl+C without running our finally blocks.
  const onExit = () => {
    try {
      unlinkSync(partial);
    } catch {}
  };
  process.once('exit', onExit);
  return {
    toStdout: false,
    write: async (chunk) => {
      await file.write(chunk);
    },
    close: async () => {
      await file.close();
      try {
        await rename(partial, path);
      } catch (error) {
        throw new CliError('error.write_file', { file: path, reason: describe(error) });
      } finally {
        process.off('exit', onExit);
      }
    },
    discard: async () => {
      process.off('exit', onExit);
      await file.close().catch(() => {});
      await unlink(partial).catch(() => {});
    },
  };
}

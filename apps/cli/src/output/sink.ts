import { open, unlink } from 'node:fs/promises';
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
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'w');
  } catch (error) {
    throw new CliError('error.write_file', { file: path, reason: describe(error) });
  }
  return {
    toStdout: false,
    write: async (chunk) => {
      await file.write(chunk);
    },
    close: () => file.close(),
    discard: async () => {
      await file.close().catch(() => {});
      await unlink(path).catch(() => {});
    },
  };
}

/** The slice of a stream the client writes to; `isTTY` decides tables vs. plain progress lines. */
export type OutputStream = {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
  readonly rows?: number;
};

export type InputStream = AsyncIterable<string | Buffer> & { readonly isTTY?: boolean };

/**
 * Everything the client touches outside itself, passed in so tests run it in-process and the
 * bin wires the real process. Only `main.ts` reads `process`.
 */
export type CliIo = {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  env: Readonly<Record<string, string | undefined>>;
  /** Opens a URL in the user's browser; the bin uses the `open` package. */
  openUrl: (url: string) => Promise<void>;
  /** Asks on the terminal; absent when stdin is not one (pipelines must pass flags instead). */
  prompt?: (question: string, options: { hidden: boolean }) => Promise<string>;
  /**
   * Calls `handler` on Ctrl+C (SIGINT) instead of ending the process, until the returned function
   * is called; absent in tests that do not need it. `scans follow` stops following this way.
   */
  onInterrupt?: (handler: () => void) => () => void;
  /** Settles on a Ctrl+C that no command took over: the command is abandoned, exit 130. */
  interrupted?: Promise<void>;
};

export type RunResult = { exitCode: number; stdout: string; stderr: string };

/** Wraps a stream so what is written is also kept, for `run`'s result. */
export function recording(stream: OutputStream | undefined, keep: boolean) {
  // Streaming only (the bin): hand the real stream on, so Ink can draw on the terminal itself.
  if (!keep && stream) return { out: stream, text: () => '' };
  let text = '';
  const out: OutputStream = {
    write(chunk: string) {
      if (keep) text += chunk;
      return stream?.write(chunk);
    },
    get isTTY() {
      return stream?.isTTY === true;
    },
    get columns() {
      return stream?.columns;
    },
    get rows() {
      return stream?.rows;
    },
  };
  return { out, text: () => text };
}

export async function readAll(input: InputStream): Promise<string> {
  let text = '';
  for await (const chunk of input) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return text;
}

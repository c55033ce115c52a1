import type { Socket } from 'node:net';

/**
 * Read semantics of Go's conn.Read for templates: a read returns the first bytes available (at
 * most `max`), or what is there when the timeout fires; buffered bytes are served first.
 */
export class SocketReader {
  private buffer = Buffer.alloc(0);
  private closed = false;
  private wake: (() => void) | undefined;

  constructor(socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake?.();
    });
    const close = () => {
      this.closed = true;
      this.wake?.();
    };
    socket.on('end', close);
    socket.on('close', close);
    socket.on('error', close);
  }

  async read(max: number, timeoutMs: number, all = false): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while ((all ? !this.closed : this.buffer.length === 0 && !this.closed) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
      if (all && this.buffer.length >= max) break;
    }
    const out = this.buffer.subarray(0, max);
    this.buffer = this.buffer.subarray(out.length);
    return out;
  }
}

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeConnectionsPromptly } from '../src/http/close-promptly.js';

// A worker's claim or heartbeat in flight when the server stops: its keep-alive connection used
// to stay open for fastify's keep-alive timeout (72 s) after the answer, and close() waited for it.
describe('closing the server with a request in flight', () => {
  it('answers the request and closes within seconds, not after the keep-alive timeout', async () => {
    const app = Fastify();
    closeConnectionsPromptly(app);
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/claim', async () => {
      entered();
      await released;
      return { task: null };
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });

    const answer = fetch(`${url}/claim`).then(async (r) => ({
      status: r.status,
      connection: r.headers.get('connection'),
      body: await r.json(),
    }));
    await inside;
    const started = Date.now();
    const closed = app.close().then(() => Date.now() - started);
    // Let close() begin (its preClose hooks) before the handler answers.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();

    expect(await answer).toEqual({ status: 200, connection: 'close', body: { task: null } });
    const tooLong = new Promise<number>((resolve) =>
      setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000),
    );
    expect(await Promise.race([closed, tooLong])).toBeLessThan(10_000);
  }, 20_000);
});

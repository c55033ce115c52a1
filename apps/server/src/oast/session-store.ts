import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, readdir, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LRUCache } from 'lru-cache';
import { encryptInteraction, newSessionKey, parseClientPublicKey } from './oast-crypto.js';

/** One interaction in interactsh's JSON shape (field names are the wire format). */
export interface StoredInteraction {
  protocol: string;
  'unique-id': string;
  'full-id': string;
  'q-type'?: string;
  'raw-request'?: string;
  'raw-response'?: string;
  'smtp-from'?: string;
  'remote-address': string;
  timestamp: string;
}

export interface SessionStoreOptions {
  /** Folder for the interactions (one file per session, wiped at start). */
  readonly dir: string;
  /** Sessions held at once; past it the least recently polled one is evicted. */
  readonly maxSessions: number;
  /** A session nobody polled for this long is evicted with its interactions. */
  readonly sessionTtlMs: number;
  /** Encrypted interactions one session may hold on disk until it is polled; more are dropped. */
  readonly maxSessionBytes: number;
  /** All sessions' interactions on disk together; more are dropped until polls free room. */
  readonly maxDiskBytes: number;
}

interface Session {
  readonly secret: string;
  readonly aesKey: Buffer;
  readonly wrappedKey: string;
  readonly file: string;
  /** Bytes of this session's file, as written (appends and drains run one after the other). */
  bytes: number;
  /** Appends and drains of one session in order, so a poll never reads half a line. */
  chain: Promise<unknown>;
  /** Lines waiting for the next append: a burst becomes one write, not one per interaction. */
  pending: string[];
}

/** A client's mistake (bad key, wrong secret, unknown id): HTTP 400 with interactsh's message. */
export class SessionError extends Error {}

const CORRELATION_ID = /^[a-z0-9]{20}$/;

/**
 * Registered clients and their interactions. Sessions (keys and counters only, about 1 KB
 * each) live in a bounded LRU; interactions go to disk, encrypted on arrival, so memory stays
 * flat however many arrive (interactsh keeps them in a map until it is killed, interactsh#824).
 */
export class SessionStore {
  private readonly sessions: LRUCache<string, Session>;
  private diskBytes = 0;
  private sweep: ReturnType<typeof setInterval> | undefined;
  /** Interactions refused for want of room (per-session or disk cap). */
  dropped = 0;
  stored = 0;

  private constructor(private readonly options: SessionStoreOptions) {
    this.sessions = new LRUCache<string, Session>({
      max: options.maxSessions,
      ttl: options.sessionTtlMs,
      updateAgeOnGet: true,
      dispose: (session) => this.discard(session),
    });
  }

  static async open(options: SessionStoreOptions): Promise<SessionStore> {
    await mkdir(options.dir, { recursive: true });
    // Keys were in the previous process's memory: its files can never be read again.
    for (const name of await readdir(options.dir)) await rm(join(options.dir, name), { force: true });
    const store = new SessionStore(options);
    store.sweep = setInterval(() => store.sessions.purgeStale(), Math.min(60_000, options.sessionTtlMs));
    store.sweep.unref();
    return store;
  }

  get size(): number {
    return this.sessions.size;
  }

  get bytesOnDisk(): number {
    return this.diskBytes;
  }

  /** Known (registered, not expired) correlation id; does not count as activity. */
  has(correlationId: string): boolean {
    return this.sessions.has(correlationId);
  }

  register(correlationId: string, secret: string, publicKeyBase64: string): void {
    if (!CORRELATION_ID.test(correlationId)) throw new SessionError('invalid correlation-id');
    if (!secret) throw new SessionError('no secret-key specified');
    if (this.sessions.has(correlationId)) throw new SessionError('correlation-id provided already exists');
    let pem: string;
    try {
      pem = parseClientPublicKey(publicKeyBase64);
    } catch (error) {
      throw new SessionError(`could not read public Key: ${(error as Error).message}`);
    }
    const { aesKey, wrapped } = newSessionKey(pem);
    this.sessions.set(correlationId, {
      secret,
      aesKey,
      wrappedKey: wrapped,
      // A fresh name per registration: a re-registered id never meets the old file's removal.
      file: join(this.options.dir, `${correlationId}-${randomUUID().slice(0, 8)}`),
      bytes: 0,
      chain: Promise.resolve(),
      pending: [],
    });
  }

  /** Encrypt and append; a full session or disk drops it (counted), never grows memory. */
  add(correlationId: string, interaction: StoredInteraction): Promise<void> {
    const session = this.sessions.peek(correlationId);
    if (!session) return Promise.resolve();
    const line = `${encryptInteraction(session.aesKey, JSON.stringify(interaction))}\n`;
    if (
      session.bytes + line.length > this.options.maxSessionBytes ||
      this.diskBytes + line.length > this.options.maxDiskBytes
    ) {
      this.dropped++;
      return Promise.resolve();
    }
    session.bytes += line.length;
    this.diskBytes += line.length;
    this.stored++;
    session.pending.push(line);
    if (session.pending.length > 1) return session.chain.then(() => undefined);
    return this.enqueue(session, () => appendFile(session.file, session.pending.splice(0).join('')));
  }

  /** interactsh's poll: every interaction since the last poll (removed), and the wrapped key. */
  async poll(correlationId: string, secret: string): Promise<{ data: string[]; aesKey: string }> {
    const data: string[] = [];
    const { aesKey } = this.openPoll(correlationId, secret);
    await this.drain(correlationId, (line) => {
      data.push(line);
    });
    return { data, aesKey };
  }

  /**
   * The first half of a streamed poll: checks the id and secret (a SessionError before anything
   * is sent) and answers the session's wrapped key; `drain` then hands over the interactions.
   */
  openPoll(correlationId: string, secret: string): { aesKey: string } {
    const session = this.authorised(correlationId, secret, 'could not get correlation-id from cache');
    // `get` makes the poll count as activity (sliding eviction).
    this.sessions.get(correlationId);
    return { aesKey: session.wrappedKey };
  }

  /**
   * Every interaction since the last poll, one encrypted line at a time, read from the session's
   * file as a stream (a poll of thousands never holds the file in memory); the file goes after.
   * `onLine` may return a promise (the answer's back-pressure); appends wait until it is done.
   */
  async drain(correlationId: string, onLine: (line: string) => void | Promise<void>): Promise<number> {
    const session = this.sessions.peek(correlationId);
    if (!session) return 0;
    return this.enqueue(session, async () => {
      const reading = `${session.file}.poll`;
      try {
        await rename(session.file, reading);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      // Its bytes leave the caps now; appends arriving meanwhile wait behind this read (the chain).
      this.diskBytes -= session.bytes;
      session.bytes = 0;
      let count = 0;
      const input = createReadStream(reading, { encoding: 'utf8', highWaterMark: 64 * 1024 });
      try {
        for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
          if (line.length === 0) continue;
          count++;
          await onLine(line);
        }
      } finally {
        input.destroy();
        await unlink(reading).catch(() => undefined);
      }
      return count;
    });
  }

  deregister(correlationId: string, secret: string): void {
    this.authorised(correlationId, secret, 'could not get correlation-id from cache');
    this.sessions.delete(correlationId);
  }

  async close(): Promise<void> {
    clearInterval(this.sweep);
    const pending = [...this.sessions.values()].map((s) => s.chain);
    this.sessions.clear();
    await Promise.allSettled(pending);
  }

  private authorised(correlationId: string, secret: string, missing: string): Session {
    const session = this.sessions.peek(correlationId);
    if (!session) throw new SessionError(missing);
    // interactsh compares secrets case-insensitively (strings.EqualFold).
    if (session.secret.toLowerCase() !== secret.toLowerCase())
      throw new SessionError('invalid secret key passed for user');
    return session;
  }

  private enqueue<T>(session: Session, step: () => Promise<T>): Promise<T> {
    const next = session.chain.then(step, step);
    session.chain = next.catch(() => undefined);
    return next;
  }

  /** An evicted or deregistered session: its file goes after any write already queued. */
  private discard(session: Session): void {
    this.diskBytes -= session.bytes;
    session.bytes = 0;
    void this.enqueue(session, async () => {
      await rm(session.file, { force: true });
      await rm(`${session.file}.poll`, { force: true });
    });
  }
}

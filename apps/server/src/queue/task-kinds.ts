import type { Db } from '../db/database.js';
import type { tasks } from '../db/schema.js';
import type { FileStorage } from '../storage/file-storage.js';

export type Task = typeof tasks.$inferSelect;
/** A database handle or an open transaction (drizzle's transaction is a database too). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type KindContext = { tx: Tx; task: Task; storage: FileStorage };

/**
 * What the queue asks of a task kind. The queue owns leases and idempotency; a kind owns what a
 * result means ('discovery' upserts assets; the template issue adds 'template-run').
 */
export interface TaskKindHandler {
  /** Store one batch of results; runs once per batch, inside the batch's transaction. */
  ingest(ctx: KindContext, items: unknown[]): Promise<Record<string, unknown>>;
  /** The worker finished the task. */
  complete(ctx: KindContext, stats: Record<string, unknown>): Promise<void>;
  /** The task failed for good (worker reported failure, or leases ran out). */
  fail(ctx: KindContext, error: string): Promise<void>;
}

const handlers = new Map<string, TaskKindHandler>();

/** Register a kind once at import time; the queue refuses tasks of kinds nobody registered. */
export function registerTaskKind(kind: string, handler: TaskKindHandler): void {
  handlers.set(kind, handler);
}

export function taskKindHandler(kind: string): TaskKindHandler | undefined {
  return handlers.get(kind);
}

export function registeredTaskKinds(): string[] {
  return [...handlers.keys()];
}

import type { IncomingHttpHeaders } from 'node:http';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { workers } from '../db/schema.js';
import { hashWorkerKey } from '../workers/keys.js';
import { HttpError } from './errors.js';
import type { WorkerContext } from './fastify-types.js';

const workerKeyInvalid = () => new HttpError(401, 'worker_key_invalid', 'errors.worker_key_invalid');

/** The key from `Authorization: Worker <key>` or `X-Worker-Key: <key>`. */
function workerKey(headers: IncomingHttpHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization) {
    const match = /^Worker\s+(\S+)$/i.exec(authorization);
    return match?.[1];
  }
  const header = headers['x-worker-key'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value || undefined;
}

/** The worker owning a key; a missing, unknown or revoked key answers 401. */
export async function authenticateWorker(db: Db, headers: IncomingHttpHeaders): Promise<WorkerContext> {
  const key = workerKey(headers);
  if (!key) throw workerKeyInvalid();
  const [row] = await db
    .select({
      id: workers.id,
      name: workers.name,
      workspace_id: workers.workspace_id,
      group_id: workers.group_id,
      builtin: workers.builtin,
    })
    .from(workers)
    .where(and(eq(workers.key_hash, hashWorkerKey(key)), isNull(workers.revoked_at)))
    .limit(1);
  if (!row) throw workerKeyInvalid();
  return row;
}

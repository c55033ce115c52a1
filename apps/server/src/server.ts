import { buildApp } from './app.js';
import type { Config } from './config/env.js';
import { openDatabase } from './db/database.js';

/**
 * Open the database, build the app and listen. `stop()` stops taking connections, lets requests
 * in flight finish (fastify's close), then closes the database so PGlite flushes to disk.
 */
export async function startServer(config: Config) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, db: database.db });
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    `Didban is running at ${config.publicUrl} (listening on ${address})`,
  );
  return {
    app,
    address,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

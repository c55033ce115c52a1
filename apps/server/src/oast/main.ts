import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseOastConfig } from './oast-config.js';
import { startOastServer } from './oast-server.js';

/**
 * `didban-oast`: the interaction server as its own process, configured by the same
 * `DIDBAN_OAST_*` variables as the API server (docs/oast.md). Point workers at it with
 * `--interactsh-url`/`--interactsh-token`, or the API server with DIDBAN_OAST_URL.
 */
async function main(): Promise<void> {
  const dataDir = resolve(process.env.DIDBAN_DATA_DIR ?? join(homedir(), '.didban'));
  let config: ReturnType<typeof parseOastConfig>;
  try {
    config = parseOastConfig(process.env, dataDir);
  } catch (error) {
    console.error(`Invalid configuration:\n${(error as Error).message}`);
    process.exit(2);
  }
  if (!config.server) {
    console.error(
      'Invalid configuration:\n  DIDBAN_OAST_DOMAIN and DIDBAN_OAST_HTTP: required (DIDBAN_OAST_HTTPS, DIDBAN_OAST_DNS, DIDBAN_OAST_SMTP optional)',
    );
    process.exit(2);
  }
  const oast = await startOastServer(config.server);
  const where = Object.entries(oast.addresses)
    .map(([name, a]) => `${name} ${a.address}:${a.port}`)
    .join(', ');
  console.log(`didban-oast: *.${config.server.domain} on ${where}; clients use ${config.endpoint?.url}`);
  const stop = () => void oast.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();

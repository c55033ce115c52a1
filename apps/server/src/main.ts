import { ConfigError, loadConfig } from './config/env.js';
import { startServer } from './server.js';

// The only place that reads the environment; everything below gets a Config.
try {
  const config = loadConfig(process.env);
  const server = await startServer(config);
  // A plain line for people; the structured logs carry the same facts for machines.
  console.log(`\nDidban is running at ${config.publicUrl}\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'stopping');
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
}

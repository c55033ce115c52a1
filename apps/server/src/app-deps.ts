import type { TokenService } from './auth/tokens.js';
import type { Config } from './config/env.js';
import type { Db } from './db/database.js';

/** What route modules need, built once in buildApp and passed in (no globals, no env reads). */
export type AppDeps = {
  config: Config;
  db: Db;
  tokens: TokenService;
};

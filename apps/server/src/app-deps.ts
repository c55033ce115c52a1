import type { TokenService } from './auth/tokens.js';
import type { Config } from './config/env.js';
import type { Db } from './db/database.js';
import type { Mailer } from './mail/mailer.js';
import type { FileStorage } from './storage/file-storage.js';

/** What route modules need, built once in buildApp and passed in (no globals, no env reads). */
export type AppDeps = {
  config: Config;
  db: Db;
  tokens: TokenService;
  /** Files: worker group photos, screenshots (a local folder under the data dir by default). */
  storage: FileStorage;
  /** Outgoing email; logs the message for the operator when no SMTP server is configured. */
  mailer: Mailer;
};

import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts (`pnpm --filter @didban/server db:generate`)
// and applied at start on PGlite and PostgreSQL alike; keep them valid on PostgreSQL 15.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});

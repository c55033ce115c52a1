// The database schema: one file per domain under tables/, all re-exported here for drizzle
// (queries) and drizzle-kit (migrations). A new domain adds its file and one line below, then
// runs `pnpm --filter @didban/server db:generate` to write its migration.
export * from './tables/accounts.js';
export * from './tables/alerts.js';
export * from './tables/asset-endpoints.js';
export * from './tables/asset-history.js';
export * from './tables/assets.js';
export * from './tables/billing.js';
export * from './tables/counters.js';
export * from './tables/findings.js';
export * from './tables/notifications.js';
export * from './tables/reports.js';
export * from './tables/scans.js';
export * from './tables/support.js';
export * from './tables/teams.js';
export * from './tables/template-runs.js';
export * from './tables/templates.js';
export * from './tables/workers.js';

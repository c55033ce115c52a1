// The thread that joins a report's printed slices (src/reports/join-pdf-thread.ts), started by
// the server for each PDF report, never by hand: runs the TypeScript source through tsx as
// didban-oast does.
const { register } = await import('tsx/esm/api');
register();
await import('../src/reports/join-pdf-thread.ts');

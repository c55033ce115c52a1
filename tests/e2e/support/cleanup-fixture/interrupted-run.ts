/**
 * A browser-test run cut short, for global-setup.test.ts: the real global setup starts the real
 * server, then a "spec" spawns a detached process of its own (as the worker specs do) and writes a
 * temporary folder; then this process waits to be interrupted. It prints one JSON line when ready.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import setup from '../global-setup';

const provided: Record<string, string> = {};
await setup({ provide: (key: string, value: string) => (provided[key] = value) } as never);
const specChild = spawn('sleep', ['600'], { detached: true, stdio: 'ignore' });
const specFolder = mkdtempSync(join(tmpdir(), 'didban-spec-'));
console.log(JSON.stringify({ baseUrl: provided.baseUrl, specPid: specChild.pid, specFolder }));
setInterval(() => {}, 1_000);

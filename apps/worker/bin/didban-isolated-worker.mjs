#!/usr/bin/env node
// The isolated worker child (started by the server for its built-in worker, never by hand):
// runs the TypeScript sources through tsx like didban-worker.
import { register } from 'tsx/esm/api';

register();
await import('../src/isolated/child.ts');

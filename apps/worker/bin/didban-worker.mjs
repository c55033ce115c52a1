#!/usr/bin/env node
// Runs the TypeScript sources through tsx (the workspace packages are consumed from source).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');

#!/usr/bin/env node
// The client runs from TypeScript source: tsx compiles on the fly (with its disk cache), and the
// workspace packages' `default` export points at their source too, so nothing needs a build.
import { register } from 'tsx/esm/api';

register();
const { main, fatalText } = await import('../src/main.ts');

// An error thrown from a library's event handler bypasses `run`; it still gets one line.
const fatal = async (error) => {
  process.stderr.write(await fatalText(error));
  process.exit(1);
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);

// The only place that exits: `run` returns the code; pending handles must not keep us alive.
process.exit(await main());

/**
 * zod compiles object parsers with `new Function` unless told not to, and even its probe for
 * whether it may is reported by the browser as a `script-src` eval violation under the panel's
 * Content-Security-Policy. The panel's forms are small, so parsing without compiling costs
 * nothing a person notices. zod reads this when each object schema is created, so main.tsx
 * imports this module first, and the build puts it in zod's own chunk (vite.config.ts): a
 * bundler may otherwise evaluate core's schemas, sharing a chunk with zod, before this line.
 */
import { z } from 'zod';

z.config({ jitless: true });

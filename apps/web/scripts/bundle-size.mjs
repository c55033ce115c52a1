#!/usr/bin/env node
// Gzipped JavaScript a browser downloads to show /auth/sign-in, and the whole panel's JavaScript.
// Reads dist/.vite/manifest.json, so run `pnpm --filter @didban/web build` first.
// Usage: node scripts/bundle-size.mjs [--json] [--max-kb 200]   (exit 1 if sign-in exceeds --max-kb)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** A chunk and everything it imports statically: what loads before it can run. */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const signInRoute = (lang) =>
  closure([
    entry,
    'src/components/auth/auth-layout.tsx',
    'src/pages/auth/sign-in-page.tsx',
    `src/i18n/locales/${lang}.ts`,
  ]);
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const sum = (files) => files.reduce((total, file) => total + gz(file), 0);

const signInFa = sum(signInRoute('fa'));
const signInEn = sum(signInRoute('en'));
const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const total = sum(allJs.map((f) => `assets/${f}`));
const css = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.css'))
  .reduce((t, f) => t + gz(`assets/${f}`), 0);

const result = {
  signInRouteKb: { fa: kb(signInFa), en: kb(signInEn) },
  signInRouteChunks: signInRoute('fa').length,
  totalJsKb: kb(total),
  totalJsChunks: allJs.length,
  cssKb: kb(css),
};
if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
else {
  console.log(
    `sign-in route JS (gzip -9): fa ${result.signInRouteKb.fa} KB, en ${result.signInRouteKb.en} KB in ${result.signInRouteChunks} chunks`,
  );
  console.log(
    `all panel JS (gzip -9): ${result.totalJsKb} KB in ${result.totalJsChunks} chunks; CSS ${result.cssKb} KB`,
  );
}
const maxAt = process.argv.indexOf('--max-kb');
if (maxAt > 0 && Math.max(signInFa, signInEn) / 1024 > Number(process.argv[maxAt + 1])) {
  console.error(`The sign-in route is over ${process.argv[maxAt + 1]} KB gzipped.`);
  process.exit(1);
}

/**
 * The panel's font (Vazirmatn, OFL, the same @fontsource-variable package the panel bundles) as
 * @font-face rules with the woff2 files inlined, so a report renders Persian the same way offline,
 * in any browser and in the PDF. Read once per process (~140 KB of CSS).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let css: string | undefined;

export function embeddedFontCss(): string {
  if (css !== undefined) return css;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@fontsource-variable/vazirmatn/package.json'));
  const source = readFileSync(join(dir, 'wght.css'), 'utf8');
  css = source.replace(/url\(\.\/files\/([\w.-]+\.woff2)\)/g, (_m, file: string) => {
    const data = readFileSync(join(dir, 'files', file)).toString('base64');
    return `url(data:font/woff2;base64,${data})`;
  });
  return css;
}

/** What the corpus regex scripts share: RE2JS (Go's RE2 in JavaScript) and the corpus's patterns. */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadTemplateFiles } from '../../packages/engine/src/index.js';

// re2js is the engine's dependency, resolved from there (scripts/ is not a workspace package).
export const { RE2JS } = createRequire(join(import.meta.dirname, '../../packages/engine/package.json'))(
  're2js',
) as typeof import('re2js');

/** Every distinct matcher and extractor regex of the `http/` templates under a templates root. */
export function corpusRegexes(root: string): Set<string> {
  const loaded = loadTemplateFiles([join(root, 'http')], { templatesRoot: root });
  const patterns = new Set<string>();
  for (const t of loaded.templates)
    for (const b of t.blocks)
      for (const o of [...b.operators.matchers, ...b.operators.extractors])
        for (const r of o.regex) patterns.add(r.pattern);
  return patterns;
}

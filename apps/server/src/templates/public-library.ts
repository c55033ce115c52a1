import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseTemplate, type TemplateFacts } from './analyse-template.js';

/** The public library shipped with Didban (packages/engine/templates/public). */
export const PUBLIC_LIBRARY_DIR = fileURLToPath(
  new URL('../../../../packages/engine/templates/public', import.meta.url),
);

export const PUBLIC_ID_PREFIX = 'public:';

export interface PublicTemplate {
  /** `public:<template id>`: stable across restarts and releases as long as the YAML id is. */
  id: string;
  facts: TemplateFacts;
  yaml: string;
  /** Path inside the library, e.g. `exposures/vcs/git-config-exposure.yaml`. */
  file: string;
}

export interface PublicLibrary {
  templates: readonly PublicTemplate[];
  byId: ReadonlyMap<string, PublicTemplate>;
  /** Every tag of the library, sorted. */
  tags: readonly string[];
}

function yamlFiles(dir: string, base = dir): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return yamlFiles(path, base);
      return /\.ya?ml$/i.test(entry) ? [path.slice(base.length + 1)] : [];
    });
}

/**
 * Reads and validates the library once. A file that does not validate stops the start-up: the
 * library ships with the server, so that is a release bug, not a user's mistake.
 */
export function readPublicLibrary(dir: string = PUBLIC_LIBRARY_DIR): PublicLibrary {
  const templates: PublicTemplate[] = [];
  for (const file of yamlFiles(dir)) {
    const yaml = readFileSync(join(dir, file), 'utf8');
    const result = analyseTemplate(yaml);
    if (!result.ok) {
      const issue = result.issues[0];
      throw new Error(`public template ${file}:${issue?.line}: ${issue?.message}`);
    }
    templates.push({ id: `${PUBLIC_ID_PREFIX}${result.facts.template_id}`, facts: result.facts, yaml, file });
  }
  templates.sort((a, b) => a.facts.name.localeCompare(b.facts.name) || a.id.localeCompare(b.id));
  const byId = new Map(templates.map((t) => [t.id, t]));
  if (byId.size !== templates.length) throw new Error('public library: two templates share an id');
  const tags = [...new Set(templates.flatMap((t) => t.facts.tags))].sort();
  return { templates, byId, tags };
}

const cache = new Map<string, PublicLibrary>();

/** The library, read on first use and kept in memory for the life of the process. */
export function publicLibrary(dir: string = PUBLIC_LIBRARY_DIR): PublicLibrary {
  let library = cache.get(dir);
  if (!library) {
    library = readPublicLibrary(dir);
    cache.set(dir, library);
  }
  return library;
}

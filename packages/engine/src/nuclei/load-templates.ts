import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseTemplate, type TemplateIssue, type YamlMap } from '@didban/core/templates';
import { compileTemplate } from './compile-template.js';
import { FUZZ_ANALYZERS } from './fuzz/compile-fuzzing.js';
import { compileFlow } from './js/flow/compile-flow.js';
import { codeVerdict, runsGated } from './load/code-hook.js';
import { missingHelpers } from './load/dsl-helpers-used.js';
import { runsHeadless } from './load/headless-hook.js';
import { javascriptVerdict } from './load/javascript-hook.js';
import { type ReasonCode, reasonForFeature, reasonForMessage } from './load/reason-codes.js';
import type { AttackType } from './payloads/generate-payloads.js';
import type { CompiledTemplate, WorkflowStep } from './template-model.js';
import { gatedReason } from './trust/gates.js';
import type { TrustedKey } from './trust/signature.js';

export interface TemplateSource {
  readonly content: string;
  /** File path; needed for payload files and workflow references, which are relative to it. */
  readonly path?: string;
}

/** A template that parsed but uses a feature the engine does not run, with the reason. */
export interface RejectedTemplate {
  readonly id: string;
  readonly path?: string;
  readonly feature: string;
  readonly reason: string;
  /** Stable code for reports (`protocol-headless`, `flow`, …). */
  readonly code: ReasonCode;
}

export interface InvalidTemplate {
  readonly path?: string;
  readonly errors: readonly TemplateIssue[];
  /** Stable code of the first error, for reports (`yaml-invalid`, `payload-file-missing`, …). */
  readonly code: ReasonCode;
}

const invalidOf = (path: string | undefined, errors: readonly TemplateIssue[]): InvalidTemplate => ({
  path,
  errors,
  code: reasonForMessage(errors[0]?.message ?? ''),
});

export interface LoadResult {
  readonly templates: readonly CompiledTemplate[];
  readonly rejected: readonly RejectedTemplate[];
  readonly invalid: readonly InvalidTemplate[];
  /** Rejected templates counted per feature (`headless`, `code`, `flow`, …). */
  readonly rejectedByFeature: Readonly<Record<string, number>>;
}

export interface LoadOptions {
  /** Overrides every payload block's attack type (`-attack-type`). */
  readonly attackType?: AttackType;
  /** Extra folder to resolve workflow `template:` paths against (a nuclei-templates checkout root). */
  readonly templatesRoot?: string;
  /** Keys a `code:` template's signature must verify with (ProjectDiscovery's when absent). */
  readonly trustedKeys?: readonly TrustedKey[];
}

/**
 * Parses, validates and compiles templates. Nothing is dropped silently: each source ends up in
 * `templates`, `rejected` (with a reason per feature) or `invalid` (with errors and lines).
 *
 * @example
 * const { templates, rejected, invalid } = loadTemplates([{ content: yaml, path: 'git-config.yaml' }]);
 */
export function loadTemplates(sources: readonly TemplateSource[], options: LoadOptions = {}): LoadResult {
  // A workflow step naming another file loads it with a nested call: the table lives until the
  // outermost load ends, so a nested one does not empty it halfway through its caller.
  loadDepth++;
  try {
    return loadAll(sources, options);
  } finally {
    // The table is only for the load: the templates keep the strings, not the table.
    if (--loadDepth === 0) shared = new Map();
  }
}

let loadDepth = 0;

function loadAll(sources: readonly TemplateSource[], options: LoadOptions): LoadResult {
  const templates: CompiledTemplate[] = [];
  const rejected: RejectedTemplate[] = [];
  const invalid: InvalidTemplate[] = [];
  const workflows: { source: TemplateSource; parsed: Parsed }[] = [];

  for (const source of sources) {
    const result = parseTemplate(source.content);
    if (!result.ok) {
      invalid.push(invalidOf(source.path, result.errors));
      continue;
    }
    const found = result.template;
    const reject = (feature: string, reason: string) =>
      rejected.push({
        id: ownCopy(found.id),
        path: source.path,
        feature,
        reason: gatedReason(feature, reason),
        code: reasonForFeature(feature),
      });
    const unsupported =
      codeVerdict(found, source.content, options.trustedKeys, source.path) ?? unsupportedFeature(found);
    if (unsupported) reject(unsupported.feature, unsupported.reason);
    else {
      // Strings sliced out of the file text would keep the whole text alive: the kept ones are copied.
      const parsed = detachStrings(found);
      if (parsed.workflows.length > 0) workflows.push({ source, parsed });
      else {
        try {
          const compiled = compileTemplate(parsed, source.path, options.attackType, options.templatesRoot);
          const flow = parsed.usesFlow ? compileFlow(parsed.flow ?? '') : undefined;
          templates.push(flow ? { ...compiled, flow } : compiled);
        } catch (error) {
          invalid.push(
            invalidOf(source.path, [
              { path: '', message: (error as Error).message, line: 1, column: 1, severity: 'error' },
            ]),
          );
        }
      }
    }
  }

  const byPath = new Map(templates.filter((t) => t.path).map((t) => [resolve(t.path!), t]));
  for (const { source, parsed } of workflows) {
    try {
      const resolver = new WorkflowResolver(templates, byPath, source.path, options);
      const workflow = parsed.workflows.map((step) => resolver.step(step));
      templates.push({ ...compileTemplate(parsed, source.path, undefined, options.templatesRoot), workflow });
    } catch (error) {
      invalid.push(
        invalidOf(source.path, [
          { path: 'workflows', message: (error as Error).message, line: 1, column: 1, severity: 'error' },
        ]),
      );
    }
  }

  const rejectedByFeature: Record<string, number> = {};
  for (const r of rejected) rejectedByFeature[r.feature] = (rejectedByFeature[r.feature] ?? 0) + 1;
  return { templates: templates, rejected, invalid, rejectedByFeature };
}

/** The feature of a parsed template the engine does not run, with the reason; undefined if none. */
function unsupportedFeature(found: Parsed): { feature: string; reason: string } | undefined {
  const js = javascriptVerdict(found);
  if (js && !js.runs) return { feature: js.feature, reason: js.reason };
  if (found.rejected && !runsHeadless(found) && !js?.runs && !runsGated(found))
    return { feature: found.rejected.protocol, reason: found.rejected.reason };
  // Fuzzing (DAST) blocks load; a closed dast gate skips them at run time. Only what the fuzz
  // engine lacks is refused.
  const fuzzing = unsupportedFuzzing(found);
  if (fuzzing) return fuzzing;
  if (found.workflows.length > 0) return undefined;
  const missing = missingHelpers(found.raw);
  if (missing.length > 0)
    return {
      feature: 'dsl-helper',
      reason: `uses DSL helpers the engine does not have: ${missing.join(', ')}`,
    };
  return undefined;
}

/** A fuzzing block using what the engine does not run (an analyzer it does not have). */
function unsupportedFuzzing(found: Parsed): { feature: string; reason: string } | undefined {
  const blocks = [
    ...found.http,
    ...(Array.isArray(found.raw.headless) ? (found.raw.headless as YamlMap[]) : []),
  ];
  for (const b of blocks) {
    const analyzer = (b?.analyzer as YamlMap | undefined)?.name;
    if (b?.fuzzing !== undefined && analyzer !== undefined && !FUZZ_ANALYZERS.includes(String(analyzer)))
      return { feature: 'fuzzing', reason: `fuzzing analyzer ${JSON.stringify(analyzer)} is not supported` };
  }
  return undefined;
}

// V8 copies a slice shorter than this; a longer one points into the text it was cut from.
const SLICE_MIN = 13;
// Short strings (`body`, `word`, `and`, `200`…) repeat in every template: one copy of each is
// shared by the templates of a load (http/: 3 MB less held). Longer ones are rarely shared and a
// table of them all made the load's peak larger than it saved.
let shared = new Map<string, string>();

/**
 * A string that shares no memory with the text it may have been sliced from: a short one from the
 * load's table, a long one as a flat copy (a `' ' + s` slice would keep a 32-byte slice object per
 * string: 5 MB more for `http/`).
 */
function ownCopy(s: string): string {
  if (s.length >= SLICE_MIN) return flatCopy(s);
  const own = shared.get(s);
  if (own !== undefined) return own;
  shared.set(s, s);
  return s;
}

/**
 * A new flat string equal to `s`. ASCII text (nearly all of a template) goes through a Buffer,
 * twice as fast as a JSON round trip; other text takes the JSON one, which keeps every UTF-16
 * unit as it is (a lone surrogate from a `"\ud800"` escape included, which UTF-8 would replace).
 */
function flatCopy(s: string): string {
  const bytes = Buffer.from(s, 'utf8');
  return bytes.length === s.length ? bytes.toString('latin1') : (JSON.parse(JSON.stringify(s)) as string);
}

/** Replaces, in place, every string of parsed YAML data by its own (or a shared) copy. */
function detachData(value: unknown): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (typeof v === 'string') value[i] = ownCopy(v);
      else if (v !== null && typeof v === 'object') detachData(v);
    }
  } else if (value !== null && typeof value === 'object') {
    const map = value as Record<string, unknown>;
    for (const key in map) {
      const v = map[key];
      if (typeof v === 'string') map[key] = ownCopy(v);
      else if (v !== null && typeof v === 'object') detachData(v);
    }
  }
}

type Parsed = Extract<ReturnType<typeof parseTemplate>, { ok: true }>['template'];
const ownList = (list: readonly string[]): string[] => list.map(ownCopy);
const ownEntries = (list: readonly (readonly [string, string])[]) =>
  list.map(([k, v]) => [k, ownCopy(v)] as [string, string]);

/**
 * The parsed template with every string it keeps copied out of the file text (which a slice would
 * keep alive whole): cheaper than a `structuredClone`, which also copies every object and list.
 * The raw data is changed in place; `http`, `dns`… and `info`'s maps are parts of it.
 */
function detachStrings(parsed: Parsed): Parsed {
  detachData(parsed.raw);
  const { info } = parsed;
  const optional = (s: string | undefined) => (s === undefined ? undefined : ownCopy(s));
  return {
    ...parsed,
    id: ownCopy(parsed.id),
    flow: optional(parsed.flow),
    variables: ownEntries(parsed.variables),
    constants: ownEntries(parsed.constants),
    info: {
      ...info,
      name: ownCopy(info.name),
      author: ownList(info.author),
      tags: ownList(info.tags),
      reference: ownList(info.reference),
      description: optional(info.description),
      remediation: optional(info.remediation),
      impact: optional(info.impact),
    },
  };
}

class WorkflowResolver {
  constructor(
    private readonly loaded: readonly CompiledTemplate[],
    private readonly byPath: Map<string, CompiledTemplate>,
    private readonly workflowPath: string | undefined,
    private readonly options: LoadOptions,
  ) {}

  step(raw: YamlMap): WorkflowStep {
    const skipped: { template: string; reason: string }[] = [];
    const templates =
      raw.template !== undefined ? this.byReference(String(raw.template), skipped) : this.byTags(raw.tags);
    const subs = (v: unknown) => ((v as YamlMap[] | undefined) ?? []).map((s) => this.step(s));
    return {
      templates,
      skipped,
      subtemplates: subs(raw.subtemplates),
      matchers: ((raw.matchers as YamlMap[] | undefined) ?? []).map((m) => ({
        names: (Array.isArray(m.name) ? m.name : String(m.name ?? '').split(','))
          .map((n) => String(n).trim())
          .filter(Boolean),
        condition: m.condition === 'and' ? ('and' as const) : ('or' as const),
        subtemplates: subs(m.subtemplates),
      })),
    };
  }

  /**
   * A `template:` path: a file or, as in Nuclei, a folder (every template under it). Templates the
   * engine cannot run are skipped with their reason instead of refusing the whole workflow.
   */
  private byReference(ref: string, skipped: { template: string; reason: string }[]): CompiledTemplate[] {
    const candidates = [
      this.workflowPath ? resolve(dirname(this.workflowPath), ref) : undefined,
      this.options.templatesRoot ? resolve(this.options.templatesRoot, ref) : undefined,
    ].filter((c): c is string => c !== undefined);
    for (const candidate of candidates) {
      const known = this.byPath.get(candidate);
      if (known) return [known];
    }
    for (const candidate of candidates) {
      if (!existsSync(candidate)) continue;
      const files = statSync(candidate).isDirectory() ? yamlFilesUnder(candidate) : [candidate];
      const out: CompiledTemplate[] = [];
      for (const file of files) {
        const cached = this.byPath.get(file);
        if (cached) {
          out.push(cached);
          continue;
        }
        const result = loadTemplates([{ content: readFileSync(file, 'utf8'), path: file }], this.options);
        const template = result.templates[0];
        if (template) {
          this.byPath.set(file, template);
          out.push(template);
          continue;
        }
        const why =
          result.rejected[0]?.reason ?? result.invalid[0]?.errors[0]?.message ?? 'could not be loaded';
        const code = result.rejected[0]?.code ?? result.invalid[0]?.code ?? 'template-invalid';
        skipped.push({
          template: file === candidate ? ref : join(ref, relative(candidate, file)),
          reason: `${code}: ${why}`,
        });
      }
      return out;
    }
    const byId = this.loaded.find((t) => t.id === ref.replace(/^.*\//, '').replace(/\.ya?ml$/, ''));
    if (byId) return [byId];
    throw new Error(`workflow template ${JSON.stringify(ref)} not found`);
  }

  private byTags(tags: unknown): CompiledTemplate[] {
    const wanted = (Array.isArray(tags) ? tags : String(tags ?? '').split(','))
      .map((t) => String(t).trim())
      .filter(Boolean);
    return this.loaded.filter((t) => t.info.tags.some((tag) => wanted.includes(tag)));
  }
}

/** Every `.yaml`/`.yml` file under a file or folder, sorted, as absolute paths. */
function yamlFilesUnder(path: string): string[] {
  const files: string[] = [];
  // Directory entries carry their type: no stat call per file (8,760 under `http/`: 134 → 57 ms).
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => compareNames(a.name, b.name));
    for (const entry of entries) {
      const child = join(dir, entry.name);
      // A symbolic link is followed, as the stat of the walk before followed it.
      const isDir = entry.isDirectory() || (entry.isSymbolicLink() && statSync(child).isDirectory());
      if (isDir) walk(child);
      else if (YAML_NAME.test(entry.name)) files.push(child);
    }
  };
  const root = resolve(path);
  if (statSync(root).isDirectory()) walk(root);
  else if (YAML_NAME.test(root)) files.push(root);
  return files;
}

const YAML_NAME = /\.ya?ml$/i;
/** The order of `Array.prototype.sort()` on strings (UTF-16 code units), which the walk kept before. */
const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Reads every `.yaml`/`.yml` file under the given files or folders and loads them. */
export function loadTemplateFiles(paths: readonly string[], options: LoadOptions = {}): LoadResult {
  const files = paths.flatMap(yamlFilesUnder);
  return loadTemplates(
    files.map((path) => new TemplateFile(path)),
    options,
  );
}

/**
 * A template file read when the loader reaches it, so the texts of thousands of templates are
 * never all held at once (16 MB of YAML for the community `http/` folder). A class: V8 defines an
 * object literal's getter through a runtime call, about 1.5 µs a file.
 */
class TemplateFile implements TemplateSource {
  constructor(readonly path: string) {}

  get content(): string {
    return readFileSync(this.path, 'utf8');
  }
}

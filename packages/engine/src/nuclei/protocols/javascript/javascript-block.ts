import type { YamlMap } from '@didban/core/templates';
import type { Operators } from '../../operators/types.js';
import type { AttackType, PayloadSet } from '../../payloads/generate-payloads.js';
import { toByteString } from '../../util/bytes.js';

/** A `javascript:` request block (nuclei's pkg/protocols/javascript Request). */
export interface JavascriptBlock {
  readonly index: number;
  readonly id?: string;
  readonly operators: Operators;
  readonly payloads: PayloadSet;
  readonly attack: AttackType;
  readonly needsHistory: boolean;
  readonly protocol: 'javascript';
  /** The script; its last value (or what it `Export`s) is the `response`. */
  readonly code: string;
  /**
   * Runs once per template (nuclei runs it at load) with arguments rendered from the variables;
   * its `set(name, value)` adds an argument and `updatePayload(name, list)` replaces a payload list.
   */
  readonly init?: string;
  /** Runs first with the same arguments; anything but a truthy result skips the block on this target. */
  readonly preCondition?: string;
  /** `args` in YAML order: globals of the script, `{{…}}` rendered per payload combination. */
  readonly args: readonly (readonly [string, string | number | boolean | null])[];
  /** The template's `Port` arg split on commas (nuclei runs the block once per port). */
  readonly ports: readonly string[];
  /** `exclude-ports` arg: input ports the template port replaces (default nuclei's reserved ports). */
  readonly excludePorts?: readonly string[];
  readonly threads: number;
  readonly stopAtFirstMatch: boolean;
  /** The folder `nuclei/fs` may read: the templates root, else the template's own folder. */
  readonly filesRoot?: string;
  /** `nuclei/…` modules the code and pre-condition require. */
  readonly modules: readonly string[];
}

const REQUIRE = /require\(\s*(['"`])nuclei\/([A-Za-z0-9_-]+)\1\s*\)/g;

/** The `nuclei/<name>` modules a script requires, in order of first use. */
export function requiredModules(...scripts: readonly (string | undefined)[]): string[] {
  const names = new Set<string>();
  for (const s of scripts) {
    for (const m of (s ?? '').matchAll(REQUIRE)) names.add(m[2]!);
    // nuclei also registers some modules as globals: `bytes.NewBuffer()` without a require.
    if (/(^|[^.\w])bytes\./.test(s ?? '')) names.add('bytes');
  }
  return [...names];
}

/** The block's fields besides the ones every block shares. */
export function javascriptFields(
  b: YamlMap,
  filesRoot?: string,
): Omit<JavascriptBlock, 'index' | 'id' | 'operators' | 'payloads' | 'attack' | 'needsHistory'> {
  const rawArgs = (b.args as Record<string, unknown> | undefined) ?? {};
  const args: [string, string | number | boolean | null][] = [];
  let ports: string[] = [];
  let excludePorts: string[] | undefined;
  for (const [k, v] of Object.entries(rawArgs)) {
    const value =
      typeof v === 'number' || typeof v === 'boolean' || v === null
        ? v
        : toByteString(typeof v === 'string' ? v : JSON.stringify(v));
    args.push([k, value]);
    if (k.toLowerCase() === 'port') {
      ports = [
        ...new Set(
          String(v ?? '')
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean),
        ),
      ];
      if (ports.some((p) => p.includes('{{')))
        throw new Error("'Port' variable cannot contain any dsl expressions");
    }
    if (k.toLowerCase() === 'exclude-ports')
      excludePorts = String(v ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
  }
  const code = String(b.code ?? '');
  const preCondition = typeof b['pre-condition'] === 'string' ? b['pre-condition'] : undefined;
  const init = typeof b.init === 'string' && b.init.trim() ? b.init : undefined;
  return {
    protocol: 'javascript',
    code,
    preCondition,
    init,
    args,
    ports,
    excludePorts,
    threads: Number(b.threads ?? 0) || 0,
    stopAtFirstMatch: b['stop-at-first-match'] === true,
    filesRoot,
    modules: requiredModules(code, preCondition, init),
  };
}

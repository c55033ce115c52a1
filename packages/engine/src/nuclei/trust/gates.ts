/**
 * The capability gates: one table of what a template may make a runner do beyond sending
 * requests to its target, as nuclei v3.10 keeps one (#7489). Every runner (the server's built-in
 * worker, a self-hosted `didban-worker`, the `didban` CLI) reads its defaults and flags from
 * here, and a template a closed gate skips says which gate and how to open it.
 */

export type GateName = 'self-contained' | 'headless' | 'code' | 'file' | 'dast' | 'global-matchers';
export type Runner = 'builtin' | 'self-hosted' | 'cli';

/**
 * `off`: closed unless the runner's operator opens it with the flag; `per-scan`: closed unless
 * the scan asks (a tenant's choice); `never`: this runner cannot open it at all; `unsupported`:
 * the engine does not run such templates yet, on any runner.
 */
export type GateDefault = 'off' | 'per-scan' | 'never' | 'unsupported';

export interface CapabilityGate {
  readonly name: GateName;
  /** What opening it lets a template do (English; the panel has its own fa/en strings by name). */
  readonly allows: string;
  readonly defaults: Readonly<Record<Runner, GateDefault>>;
  /** The flag of `didban-worker` and `didban templates run` (nuclei's spelling in parentheses). */
  readonly flag: string;
  /** The environment variable of `didban-worker` (the server's for the built-in worker). */
  readonly env: string;
}

export const CAPABILITY_GATES: readonly CapabilityGate[] = Object.freeze([
  {
    name: 'self-contained',
    allows:
      'run templates that send requests to fixed third-party hosts of their own (token checks, OSINT), not to the target',
    defaults: { builtin: 'per-scan', 'self-hosted': 'per-scan', cli: 'off' },
    flag: '--enable-self-contained (-esc)',
    env: 'DIDBAN_ENABLE_SELF_CONTAINED',
  },
  {
    name: 'headless',
    allows: 'drive a browser (page actions, scripts) against the target',
    defaults: { builtin: 'off', 'self-hosted': 'off', cli: 'off' },
    flag: '--headless (-headless)',
    env: 'DIDBAN_HEADLESS',
  },
  {
    name: 'code',
    allows:
      'execute the template’s code with a local interpreter on the worker machine (signed templates only)',
    defaults: { builtin: 'never', 'self-hosted': 'off', cli: 'off' },
    flag: '--code (-code)',
    env: 'DIDBAN_CODE',
  },
  {
    name: 'file',
    allows: 'read files on the machine that runs the scan (secrets, keys in a checked-out folder)',
    defaults: { builtin: 'never', 'self-hosted': 'off', cli: 'off' },
    flag: '--file (-file)',
    env: 'DIDBAN_FILE',
  },
  {
    name: 'dast',
    allows: 'fuzz the parameters of known requests (DAST templates), sending many altered requests',
    // A DAST scan is the tenant's choice on its own assets; the CLI's operator opens it with --dast.
    defaults: { builtin: 'per-scan', 'self-hosted': 'per-scan', cli: 'off' },
    flag: '--dast (-dast)',
    env: 'DIDBAN_DAST',
  },
  {
    name: 'global-matchers',
    allows: 'match a template against every other template’s responses (passive global matchers)',
    defaults: { builtin: 'unsupported', 'self-hosted': 'unsupported', cli: 'unsupported' },
    flag: '--enable-global-matchers (-egm)',
    env: 'DIDBAN_ENABLE_GLOBAL_MATCHERS',
  },
] satisfies CapabilityGate[]);

const BY_NAME = new Map(CAPABILITY_GATES.map((g) => [g.name, g]));

export function gate(name: GateName): CapabilityGate {
  return BY_NAME.get(name)!;
}

/**
 * Why a closed gate skipped a template, naming the gate and how it opens on this runner (the
 * panel translates these forms, packages/core/src/i18n/run-messages.ts).
 * @example gateSkipReason('self-contained', 'cli')
 * // 'capability gate "self-contained" is closed (open it with --enable-self-contained (-esc))'
 */
export function gateSkipReason(name: GateName, runner: Runner): string {
  const g = gate(name);
  const d = g.defaults[runner];
  const how =
    d === 'never'
      ? 'this runner never opens it'
      : d === 'unsupported'
        ? 'not supported yet'
        : d === 'per-scan'
          ? 'the scan did not ask for it'
          : `open it with ${g.flag}`;
  return `capability gate "${g.name}" is closed (${how})`;
}

/** A load-time refusal of a gated feature, the gate named before the engine's reason. */
export function gatedReason(feature: string, reason: string): string {
  const name = gateOfFeature(feature);
  return name ? `capability gate "${name}": ${reason}` : reason;
}

/** The gate a rejected template feature belongs to (`code`, `file`, `headless`, `fuzzing`), if any. */
export function gateOfFeature(feature: string): GateName | undefined {
  if (feature === 'fuzzing') return 'dast';
  if (feature === 'code' || feature === 'file' || feature === 'headless') return feature;
  return undefined;
}

/** A gate's state on one runner, as a worker reports it at hello and its page shows it. */
export type GateState = 'on' | 'off' | 'per-scan' | 'never' | 'unsupported';

/**
 * Every gate's state on this runner: its default, or `on` where the operator opened an `off` gate.
 * @example runnerGates('self-hosted') // { 'self-contained': 'per-scan', code: 'unsupported', … }
 */
export function runnerGates(runner: Runner, opened: readonly GateName[] = []): Record<GateName, GateState> {
  const out = {} as Record<GateName, GateState>;
  for (const g of CAPABILITY_GATES) {
    const d = g.defaults[runner];
    out[g.name] = d === 'off' && opened.includes(g.name) ? 'on' : d;
  }
  return out;
}

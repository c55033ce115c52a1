/**
 * Every environment variable the client reads, parsed once in `run` (only `main.ts` touches
 * process.env). Pipelines configure the client with these instead of `didban login`.
 * Plain code rather than zod: every field is an optional string, and loading zod would add
 * ~110 ms to every start, `--help` included.
 */
const NAMES = [
  'DIDBAN_URL',
  'DIDBAN_TOKEN',
  'DIDBAN_WORKSPACE',
  'DIDBAN_LANG',
  /** Where the config file lives; tests point it at a temp folder. */
  'DIDBAN_CONFIG_DIR',
  /** Template-signing keys (PEM files, comma-separated) trusted beside ProjectDiscovery's. */
  'DIDBAN_TEMPLATE_SIGNING_KEYS',
  'NO_COLOR',
  /** `dumb` terminals get no colour and no redrawn screens. */
  'TERM',
  /** Set by CI systems; Ink then draws only its last frame, so progress goes out as lines. */
  'CI',
  'CONTINUOUS_INTEGRATION',
  'LC_ALL',
  'LANG',
] as const;

export type CliEnv = { readonly [K in (typeof NAMES)[number]]?: string };

/** Blank values count as unset; unknown variables are ignored. */
export function parseEnv(env: Readonly<Record<string, string | undefined>>): CliEnv {
  const out: { [K in (typeof NAMES)[number]]?: string } = {};
  for (const name of NAMES) {
    const value = env[name]?.trim();
    if (value) out[name] = value;
  }
  return out;
}

/**
 * Whether a CI system runs us, the way Ink decides it (`is-in-ci`: `CI` or
 * `CONTINUOUS_INTEGRATION` set, unless `CI` is 0 or false). Ink then draws only its last frame,
 * which would leave a followed scan blank until it ends, even on a pseudo-terminal.
 */
export function runsInCi(env: CliEnv): boolean {
  if (env.CI === '0' || env.CI === 'false') return false;
  return env.CI !== undefined || env.CONTINUOUS_INTEGRATION !== undefined;
}

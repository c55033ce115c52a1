/**
 * The `headless:` block as nuclei v3 reads it (pkg/protocols/headless): steps of browser actions,
 * payloads, `user_agent`/`custom_user_agent`, cookie reuse (on unless `disable-cookie`),
 * `stop-at-first-match` and the usual matchers and extractors. Compiled at load: an unknown action
 * fails the load as nuclei's `ActionStringToAction` does.
 */
import type { YamlMap } from '@didban/core/templates';
import { compileFuzzing } from '../../fuzz/compile-fuzzing.js';
import type { FuzzBlock } from '../../fuzz/fuzz-rules.js';
import type { HelperFileContext } from '../../load/helper-files.js';
import { compileOperators } from '../../operators/compile-operators.js';
import type { Operators } from '../../operators/types.js';
import { type AttackType, loadPayloads, type PayloadSet } from '../../payloads/generate-payloads.js';
import { toByteString } from '../../util/bytes.js';

/** Every action nuclei's engine knows (engine/action_types.go). */
export const HEADLESS_ACTIONS = [
  'navigate',
  'script',
  'click',
  'rightclick',
  'text',
  'screenshot',
  'time',
  'select',
  'files',
  'waitdom',
  'waitfcp',
  'waitfmp',
  'waitidle',
  'waitload',
  'waitstable',
  'getresource',
  'extract',
  'setmethod',
  'addheader',
  'setheader',
  'deleteheader',
  'setbody',
  'waitevent',
  'waitdialog',
  'keyboard',
  'debug',
  'sleep',
  'waitvisible',
] as const;
export type HeadlessActionType = (typeof HEADLESS_ACTIONS)[number];

export interface HeadlessAction {
  readonly action: HeadlessActionType;
  /** Arguments as text (nuclei's `map[string]string`: numbers and booleans become their text). */
  readonly args: Readonly<Record<string, string>>;
  readonly name?: string;
}

export interface HeadlessBlock {
  readonly protocol: 'headless';
  readonly index: number;
  readonly id?: string;
  readonly operators: Operators;
  readonly payloads: PayloadSet;
  readonly attack: AttackType;
  readonly needsHistory: boolean;
  readonly steps: readonly HeadlessAction[];
  /** `user_agent`: `off` (Chromium's own, the default), `default` (the scan's), `random` or `custom`. */
  readonly userAgent: string;
  readonly customUserAgent?: string;
  readonly disableCookie: boolean;
  readonly stopAtFirstMatch: boolean;
  /** `randstr_1`, `randstr_2`… the steps use: a fresh random string each per run. */
  readonly randstrNames: readonly string[];
  /** `fuzzing:` rules: the page navigates each fuzzed URL of the input (nuclei's headless fuzzing). */
  readonly fuzzing?: FuzzBlock;
}

const KNOWN = new Set<string>(HEADLESS_ACTIONS);

function argText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return toByteString(typeof v === 'string' ? v : String(v));
}

/** Compiles one `headless:` block; throws with the step's index on an unknown action. */
export function compileHeadlessBlock(
  b: YamlMap,
  index: number,
  dir: HelperFileContext,
  attackOverride?: AttackType,
): HeadlessBlock {
  const rawSteps = (b.steps as YamlMap[] | undefined) ?? [];
  if (!Array.isArray(rawSteps)) throw new Error('steps: must be a list of actions');
  // An empty `action:` is YAML null: Go leaves the step's type unset and the engine skips it.
  const kept = rawSteps.filter((s) => s?.action !== null && s?.action !== undefined && s.action !== '');
  const steps = kept.map((s): HeadlessAction => {
    const i = rawSteps.indexOf(s);
    const action = String(s.action).trim();
    if (!KNOWN.has(action)) throw new Error(`steps[${i}]: invalid action type ${JSON.stringify(action)}`);
    const args: Record<string, string> = {};
    for (const [k, v] of Object.entries((s.args as YamlMap | undefined) ?? {})) args[k] = argText(v);
    return {
      action: action as HeadlessActionType,
      args,
      ...(s.name !== undefined ? { name: String(s.name) } : {}),
    };
  });
  const { payloads: _p, ...rest } = b;
  const payloads = b.payloads
    ? loadPayloads(b.payloads as Record<string, unknown>, JSON.stringify(rest), dir)
    : new Map<string, readonly string[]>();
  return {
    protocol: 'headless',
    index,
    id: b.id === undefined ? undefined : String(b.id),
    operators: compileOperators(b),
    payloads,
    attack: attackOverride ?? (b.attack as AttackType | undefined) ?? 'batteringram',
    needsHistory: false,
    steps,
    userAgent: String(b.user_agent ?? 'off').toLowerCase(),
    customUserAgent: b.custom_user_agent === undefined ? undefined : String(b.custom_user_agent),
    // `cookie-reuse` is nuclei's old spelling of the default; only `disable-cookie` turns it off.
    disableCookie: b['disable-cookie'] === true,
    stopAtFirstMatch: b['stop-at-first-match'] === true,
    randstrNames: [...new Set(JSON.stringify(rawSteps).match(/\brandstr_\d+\b/g) ?? [])],
    fuzzing: compileFuzzing(b),
  };
}

import { type HelperFileContext, resolveHelperFile } from '../load/helper-files.js';
import { toByteString } from '../util/bytes.js';
import { PayloadLists } from './payload-files.js';

export type AttackType = 'batteringram' | 'pitchfork' | 'clusterbomb';
export type PayloadSet = ReadonlyMap<string, readonly string[]>;
export type PayloadCombo = ReadonlyMap<string, string>;

/**
 * Loads payload lists: YAML lists as they are, a string is a file (one value per line) relative to
 * the template's folder, resolved (and refused or found missing) now but read at first use
 * (payload-files.ts). Payloads referenced nowhere in the block are dropped, as in Nuclei, since
 * they would only multiply requests.
 */
export function loadPayloads(
  raw: Readonly<Record<string, unknown>> | undefined,
  usedIn: string,
  files: HelperFileContext,
): PayloadSet {
  const out = new Map<string, readonly string[] | { file: string }>();
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (
      !usedIn.includes(`{{${name}}}`) &&
      !usedIn.includes(`§${name}§`) &&
      !new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(usedIn)
    ) {
      continue;
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      out.set(
        name,
        aggressionPayloads(name, value as Record<string, unknown>).map((v) => toByteString(String(v))),
      );
    else if (Array.isArray(value))
      out.set(
        name,
        value.map((v) => toByteString(String(v))),
      );
    else {
      const file = String(value);
      // A multi-line string is an inline list, as in Nuclei.
      if (file.includes('\n'))
        out.set(
          name,
          file
            .split(/\r?\n/)
            .filter((l) => l.length > 0)
            .map(toByteString),
        );
      else out.set(name, { file: resolveHelperFile(file, files) });
    }
  }
  return new PayloadLists(out);
}

/**
 * Fuzzing aggression levels (nuclei's `-fuzz-aggression`, default `low`): a payload given as
 * `{low: […], medium: […], high: […]}` uses the lists up to the level. The engine runs `low`,
 * nuclei's default.
 */
export const FUZZ_AGGRESSION = 'low';

function aggressionPayloads(name: string, levels: Record<string, unknown>): unknown[] {
  const order = ['low', 'medium', 'high'];
  for (const [level, list] of Object.entries(levels)) {
    if (!order.includes(level)) throw new Error(`invalid aggression level ${level} specified for ${name}`);
    if (!Array.isArray(list)) throw new Error('only lists are supported for aggression levels payloads');
  }
  const upTo = order.indexOf(FUZZ_AGGRESSION);
  return order.slice(0, upTo + 1).flatMap((level) => (levels[level] as unknown[] | undefined) ?? []);
}

/**
 * All payload combinations for an attack type.
 *
 * @example
 * [...payloadCombos(new Map([['u', ['a', 'b']], ['p', ['1']]]), 'clusterbomb')] // [{u:a,p:1}, {u:b,p:1}]
 */
export function* payloadCombos(set: PayloadSet, attack: AttackType): Generator<PayloadCombo> {
  const names = [...set.keys()];
  if (names.length === 0) {
    yield new Map();
    return;
  }
  if (attack === 'clusterbomb') {
    yield* cartesian(names, set, 0, new Map());
    return;
  }
  // batteringram (one list) and pitchfork (lists in step) both walk the lists together; the shortest wins.
  const length = Math.min(...names.map((n) => set.get(n)!.length));
  for (let i = 0; i < length; i++) yield new Map(names.map((n) => [n, set.get(n)![i]!]));
}

function* cartesian(
  names: string[],
  set: PayloadSet,
  index: number,
  acc: Map<string, string>,
): Generator<PayloadCombo> {
  if (index === names.length) {
    yield new Map(acc);
    return;
  }
  const name = names[index]!;
  for (const value of set.get(name)!) {
    acc.set(name, value);
    yield* cartesian(names, set, index + 1, acc);
  }
}

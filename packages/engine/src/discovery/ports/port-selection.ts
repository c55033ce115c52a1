import { parsePorts } from '@didban/core/targets';
import { TOP_100_PORTS, TOP_1000_PORTS } from './top-ports.js';

/** What to scan: a named list (spec §3 port scan setting), a custom spec string, or explicit ports. */
export type PortSelection = 'top-100' | 'top-1000' | string | readonly number[];

export class PortSpecError extends Error {
  override name = 'PortSpecError';
  constructor(
    message: string,
    readonly messages: { en: string; fa: string }[],
  ) {
    super(message);
  }
}

/**
 * Resolve a port setting to a list (top lists keep their frequency order; custom lists are
 * sorted). Throws {@link PortSpecError} with the core's en/fa messages for a bad custom spec.
 *
 * @example selectPorts('80,443,8080-8082') // [80, 443, 8080, 8081, 8082]
 */
export function selectPorts(selection: PortSelection): readonly number[] {
  if (selection === 'top-100') return TOP_100_PORTS;
  if (selection === 'top-1000') return TOP_1000_PORTS;
  if (typeof selection === 'string') {
    const parsed = parsePorts(selection);
    if (!parsed.ok) throw new PortSpecError(parsed.errors.map((e) => e.en).join(' '), parsed.errors);
    return parsed.value;
  }
  const invalid = selection.find((p) => !Number.isInteger(p) || p < 1 || p > 65_535);
  if (invalid !== undefined) throw new PortSpecError(`Invalid port ${invalid}`, []);
  if (selection.length === 0) {
    const parsed = parsePorts('');
    throw new PortSpecError('Custom ports cannot be empty.', parsed.ok ? [] : parsed.errors);
  }
  return selection;
}

/**
 * Address ranges for the scan scope: parsing operator lists (`10.0.0.0/8,127.42.0.0/24,::1`)
 * and matching addresses against them. Addresses are parsed with ipaddr.js, which accepts the
 * forms the C resolver also accepts (`127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1`), so a
 * target cannot hide an address behind a spelling the policy does not understand.
 */
import ipaddr from 'ipaddr.js';

export type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** One CIDR (a single address is a /32 or /128), kept with its original text for messages. */
export interface ScopeRange {
  text: string;
  address: Address;
  prefix: number;
}

/** Thrown for a range the operator wrote that is not an address or CIDR. */
export class ScopeRangeError extends Error {
  override name = 'ScopeRangeError';
}

/**
 * Parse an address in any spelling (brackets, zone ids and IPv4-mapped IPv6 included) into the
 * address traffic would really go to; `null` when it is not an address (a host name).
 */
export function parseAddress(text: string): Address | null {
  let value = text.trim();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  value = value.replace(/%.*$/, '');
  if (!value || !ipaddr.isValid(value)) return null;
  try {
    // process(): `::ffff:127.0.0.1` is IPv4 127.0.0.1 on the wire.
    return ipaddr.process(value);
  } catch {
    return null;
  }
}

/** `10.0.0.0/8`, `::1`, `[fd00::]/8`, `127.1` → a range; throws ScopeRangeError otherwise. */
export function parseScopeRange(text: string): ScopeRange {
  const trimmed = text.trim();
  const slash = trimmed.lastIndexOf('/');
  const addressText = slash === -1 ? trimmed : trimmed.slice(0, slash);
  const address = parseAddress(addressText);
  if (!address) throw new ScopeRangeError(`not an address or CIDR: ${trimmed}`);
  const max = address.kind() === 'ipv4' ? 32 : 128;
  let prefix = max;
  if (slash !== -1) {
    const prefixText = trimmed.slice(slash + 1);
    prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : Number.NaN;
    // A mapped IPv6 CIDR (::ffff:10.0.0.0/104) became IPv4 above: shift its prefix with it.
    if (address.kind() === 'ipv4' && addressText.includes(':')) prefix -= 96;
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max)
      throw new ScopeRangeError(`not an address or CIDR: ${trimmed}`);
  }
  return { text: trimmed, address, prefix };
}

/**
 * A comma- (or space-) separated operator list, e.g. `DIDBAN_BUILTIN_WORKER_ALLOW`.
 * @example parseScopeRanges('10.0.0.0/8, 127.42.0.0/24') // two ranges
 */
export function parseScopeRanges(text: string | readonly string[] | undefined): ScopeRange[] {
  const parts = typeof text === 'string' ? text.split(/[\s,]+/) : [...(text ?? [])];
  return parts.filter((p) => p.trim()).map(parseScopeRange);
}

export function rangeContains(range: ScopeRange, address: Address): boolean {
  if (range.address.kind() !== address.kind()) return false;
  return (address as ipaddr.IPv4).match(range.address as ipaddr.IPv4, range.prefix);
}

/** The first range containing the address, if any. */
export function findRange(ranges: readonly ScopeRange[], address: Address): ScopeRange | undefined {
  return ranges.find((range) => rangeContains(range, address));
}

/** Whether two ranges share at least one address (one contains the other's network). */
export function rangesOverlap(a: ScopeRange, b: ScopeRange): boolean {
  if (a.address.kind() !== b.address.kind()) return false;
  const wider = a.prefix <= b.prefix ? a : b;
  const narrower = wider === a ? b : a;
  return rangeContains(wider, narrower.address);
}

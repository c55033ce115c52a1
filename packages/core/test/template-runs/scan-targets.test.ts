import { describe, expect, it } from 'vitest';
import { isScanTarget, parseScanTargets } from '../../src/template-runs/scan-targets.js';

describe('scan-now targets', () => {
  it.each([
    'http://127.0.0.1:8080',
    'https://app.example.com/login?next=/',
    'example.com',
    'example.com:8443',
    '127.0.0.1',
    '127.0.0.1:80',
    '[::1]:8080',
    'https://[::1]/',
  ])('accepts %s', (value) => {
    expect(isScanTarget(value)).toBe(true);
  });

  it.each([
    '',
    'not a host',
    'ftp://127.0.0.1/',
    '127.0.0.1:99999',
    '127.0.0.1:0',
    'host:port',
    '999.1.1.1',
    'a:b:c',
    'http://',
    '-bad-.example.com',
  ])('refuses %s', (value) => {
    expect(isScanTarget(value)).toBe(false);
  });

  it('splits lines and commas, drops blanks and repeats, and reports the rest as they were typed', () => {
    expect(
      parseScanTargets('http://127.0.0.1:8080\n\n example.com:443 , http://127.0.0.1:8080\nnope nope'),
    ).toEqual({
      targets: ['http://127.0.0.1:8080', 'example.com:443'],
      invalid: ['nope nope'],
    });
  });
});

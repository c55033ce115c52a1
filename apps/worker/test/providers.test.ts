import { describe, expect, it } from 'vitest';
import { parseProviders } from '../src/providers.js';

describe('passive sources from flags and environment', () => {
  it('reads names, keys and base URLs', () => {
    expect(parseProviders(['crtsh,otx', 'virustotal=k3y', 'certspotter@http://127.0.0.1:9000'])).toEqual([
      { name: 'crtsh' },
      { name: 'otx' },
      { name: 'virustotal', apiKey: 'k3y' },
      { name: 'certspotter', baseUrl: 'http://127.0.0.1:9000' },
    ]);
    expect(parseProviders('securitytrails=abc@https://mirror.example')).toEqual([
      { name: 'securitytrails', apiKey: 'abc', baseUrl: 'https://mirror.example' },
    ]);
    expect(parseProviders('')).toEqual([]);
  });

  it('names the sources it knows when one is misspelt', () => {
    expect(() => parseProviders('crt.sh')).toThrow(
      "Unknown passive source 'crt.sh'. Use one of crtsh, certspotter, hackertarget, otx, virustotal, securitytrails, optionally name=KEY and/or @URL.",
    );
  });
});

import { PASSIVE_PROVIDERS, type PassiveProviderConfig, type ProviderName } from '@didban/engine';

/**
 * Passive subdomain sources from the command line or the environment: `name`, `name=KEY`,
 * `name@URL` or `name=KEY@URL`, comma-separated (URL points at a mirror or the lab's stand-in).
 * @example parseProviders('crtsh,virustotal=abc') // [{ name: 'crtsh' }, { name: 'virustotal', apiKey: 'abc' }]
 */
export function parseProviders(specs: string | readonly string[]): PassiveProviderConfig[] {
  const list = (typeof specs === 'string' ? [specs] : specs)
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return list.map((spec) => {
    const match = /^([a-z]+)(?:=([^@]*))?(?:@(https?:\/\/\S+))?$/.exec(spec);
    const name = match?.[1] as ProviderName | undefined;
    if (!match || !name || !Object.hasOwn(PASSIVE_PROVIDERS, name)) {
      throw new Error(
        `Unknown passive source '${spec}'. Use one of ${Object.keys(PASSIVE_PROVIDERS).join(', ')}, optionally name=KEY and/or @URL.`,
      );
    }
    return {
      name,
      ...(match[2] ? { apiKey: match[2] } : {}),
      ...(match[3] ? { baseUrl: match[3] } : {}),
    };
  });
}

/** The local lab (scripts/lab) for discovery tests: start it and derive what a run should find. */
import { type Lab, startLab } from '../../../../scripts/lab/src/lab.js';
import type { LabManifest } from '../../../../scripts/lab/src/types.js';

export type { Lab, LabManifest };
export { startLab };

/** Every passive-provider stand-in of the lab, as worker options. */
export function labProviders(manifest: LabManifest) {
  return (Object.keys(manifest.providers) as (keyof LabManifest['providers'])[]).map((name) => ({
    name,
    baseUrl: manifest.providers[name],
    apiKey: manifest.providerKey,
  }));
}

/** Every planted port, as a custom port setting. */
export function plantedPorts(manifest: LabManifest): string {
  const ports = new Set<number>();
  for (const host of manifest.hosts) for (const s of host.services) ports.add(s.port);
  for (const w of manifest.wildcards) for (const s of w.services) ports.add(s.port);
  return [...ports].sort((a, b) => a - b).join(',');
}

const underWildcard = (manifest: LabManifest, name: string) =>
  manifest.wildcards.some((w) => name.endsWith(w.pattern.slice(1)));

/** host:port of every asset a full discovery of the lab must store (wildcard zones once). */
export function expectedAssetKeys(manifest: LabManifest): string[] {
  const keys = new Set<string>();
  for (const host of manifest.hosts) {
    if (underWildcard(manifest, host.name)) continue;
    for (const s of host.services) keys.add(`${host.name}:${s.port}`);
  }
  for (const w of manifest.wildcards) for (const s of w.services) keys.add(`${w.pattern}:${s.port}`);
  return [...keys].sort();
}

/**
 * The lab's addresses as a scope range: the built-in worker refuses loopback unless the operator
 * opens it, so tests open exactly the lab's /24 (DIDBAN_BUILTIN_WORKER_ALLOW) and nothing else.
 */
export function labScopeRange(manifest: LabManifest): string {
  return `${manifest.subnet}.0/24`;
}

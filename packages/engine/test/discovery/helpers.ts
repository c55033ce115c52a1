/** Shared test helpers: start the lab for a test file and turn its manifest into engine options. */
import { type Lab, startLab } from '../../../../scripts/lab/src/lab.js';
import type { LabManifest, PlantedService } from '../../../../scripts/lab/src/types.js';
import type { PassiveProviderConfig } from '../../src/discovery/subdomains/passive/run-providers.js';

export type { Lab, LabManifest, PlantedService };
export { startLab };

/** Every lab stand-in, with the key the keyed ones accept. */
export function labProviders(manifest: LabManifest): PassiveProviderConfig[] {
  return (Object.keys(manifest.providers) as (keyof LabManifest['providers'])[]).map((name) => ({
    name,
    baseUrl: manifest.providers[name],
    apiKey: manifest.providerKey,
  }));
}

/** Every planted port, as a custom port spec. */
export function plantedPorts(manifest: LabManifest): string {
  const ports = new Set<number>();
  for (const host of manifest.hosts) for (const s of host.services) ports.add(s.port);
  for (const w of manifest.wildcards) for (const s of w.services) ports.add(s.port);
  return [...ports].sort((a, b) => a - b).join(',');
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** A 127/8 port with nothing listening (for "unreachable" cases). */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

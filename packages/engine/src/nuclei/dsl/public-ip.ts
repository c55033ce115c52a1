import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { INTERNAL_RANGES } from '../../scope/internal-ranges.js';
import { findRange, parseAddress } from '../../scope/ranges.js';
import { DslError } from './values.js';

/**
 * `public_ip()`: the address targets see this scanner come from. Nuclei asks a public "what is my
 * IP" service; Didban's engine only ever connects to the scan's targets, so it reads
 * DIDBAN_ENGINE_PUBLIC_IP when the operator sets it (a scanner behind NAT), else this machine's
 * first public IPv4 interface address. A private one is never given: a tenant's template would
 * send it to the tenant's own server and learn the scanner's internal addressing. With neither,
 * the call fails, and the placeholder stays as written, as Nuclei's does when its lookup fails.
 */
export function publicIp(
  env: NodeJS.ProcessEnv = process.env,
  interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces(),
): string {
  const configured = env.DIDBAN_ENGINE_PUBLIC_IP?.trim();
  if (configured) {
    if (!isIP(configured)) throw new DslError(`DIDBAN_ENGINE_PUBLIC_IP is not an IP address: ${configured}`);
    return configured;
  }
  const addresses = Object.values(interfaces)
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);
  const isPublic = (ip: string) => {
    const parsed = parseAddress(ip);
    return parsed !== null && findRange(INTERNAL_RANGES, parsed) === undefined;
  };
  const found = addresses.find(isPublic);
  if (!found) throw new DslError('could not retrieve public ip');
  return found;
}

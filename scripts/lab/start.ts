/**
 * Start the lab from a terminal and keep it running until Ctrl+C:
 *
 *   pnpm exec tsx scripts/lab/start.ts [--subnet 127.42.0] [--dns-port 53530] [--control-port 7790]
 *                                      [--manifest lab-manifest.json]
 *
 * Prints the manifest (JSON) and the resolver to point the engine at.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startLab } from './src/lab.js';
import { startOastLab } from './src/oast/oast-lab.js';

const USAGE = `Usage: pnpm lab [options]

Starts the local lab of scan targets (DNS, planted hosts, passive-source stand-ins) on loopback
and keeps it running until Ctrl+C. Prints the manifest (JSON) on stdout.

Options:
  --subnet 127.x.y        the lab's /24 (default 127.42.0)
  --dns-port PORT         the lab's DNS server port on 127.0.0.1 (default 53530)
  --control-port PORT     the control API's port on 127.0.0.1 (default 7790)
  --manifest FILE         also write the manifest to FILE
  -h, --help              print this help
`;

let values: { subnet: string; 'dns-port': string; 'control-port': string; manifest?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      subnet: { type: 'string', default: '127.42.0' },
      'dns-port': { type: 'string', default: '53530' },
      'control-port': { type: 'string', default: '7790' },
      manifest: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  // An unknown or malformed option: one line and the usage, no stack.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const lab = await startLab({
  subnet: values.subnet,
  dnsPort: Number(values['dns-port']),
  controlPort: Number(values['control-port']),
  protocols: true,
});
// Out-of-band: Didban's interaction server on its own lab host, and an app with a blind SSRF
// and a blind XXE that calls back to it (scripts/lab/templates/oast finds them).
const oast = await startOastLab(lab);
const oobApp = await oast.plant(`oob.${lab.manifest().zone}`);
// The parameterised shop for the crawler and DAST templates (src/dast-app.ts).
const dastHost = await lab.control.addHost({
  name: `dast.${lab.manifest().zone}`,
  services: [{ port: 80, kind: 'dast-app' }],
});
const manifest = JSON.stringify(lab.manifest(), null, 2);
// The passive sources' stand-ins (inside the lab's /24), as DIDBAN_WORKER_PROVIDERS takes them.
const passiveSources = Object.entries(lab.manifest().providers)
  .map(([name, url]) => `${name}=${lab.manifest().providerKey}@${url}`)
  .join(',');
if (values.manifest) writeFileSync(values.manifest, `${manifest}\n`);
process.stdout.write(`${manifest}\n`);
process.stderr.write(
  `\nDidban lab running. Resolver ${lab.resolver}, control API ${lab.controlUrl}. Ctrl+C to stop.\n` +
    `Try: dig @${lab.resolver.split(':')[0]} -p ${lab.resolver.split(':')[1]} blog.lab.didban.test\n` +
    // The built-in worker refuses loopback unless told otherwise: open the lab's /24 only.
    `Scan it with the built-in worker: DIDBAN_WORKER_RESOLVERS=${lab.resolver} DIDBAN_BUILTIN_WORKER_ALLOW=${lab.manifest().subnet}.0/24 DIDBAN_WORKER_PROVIDERS=${passiveSources} DIDBAN_OAST_DOMAIN=${oast.domain} DIDBAN_OAST_URL=${oast.serverUrl} pnpm start\n` +
    `Out-of-band: interaction server ${oast.serverUrl} (domain ${oast.domain}, DNS ${oast.dnsAddress}); ` +
    `blind SSRF and XXE at ${oobApp.httpUrl} (${oobApp.name}); templates in scripts/lab/templates/oast. ` +
    `A self-hosted worker: didban-worker … ${oast.workerArgs.join(' ')}\n` +
    `DAST: the parameterised shop at http://${dastHost.name}/ (${dastHost.ips[0]}; reflected XSS, SQL error, open redirect, CSTI, DOM XSS).\n` +
    `javascript templates: ${Object.entries(lab.protocols!.targets())
      .map(([name, at]) => `${name} ${at}`)
      .join(', ')}\n`,
);

const shutdown = async () => {
  await oast.stop();
  await lab.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

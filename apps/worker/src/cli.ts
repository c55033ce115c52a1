/**
 * didban-worker: run a Didban worker on this machine.
 *
 *   didban-worker --server https://didban.example.com --key dwk_... [--concurrency 5] [--resolver 1.1.1.1:53]
 *
 * Every flag has an environment variable (flags win); see `didban-worker --help`.
 */
import { readFileSync } from 'node:fs';
import { interactshServerUrl, type ScopePolicy, trustedKeys } from '@didban/engine';
import { Command, InvalidArgumentError, Option } from 'commander';
import { WORKER_DEFAULTS } from './options.js';
import { parseProviders } from './providers.js';
import { installWorkerScope } from './scope-flags.js';
import { WORKER_VERSION } from './version.js';
import { startWorker } from './worker.js';

const seconds = (value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number of seconds ≥ 0');
  return n;
};
const positiveInt = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
};
const wholeNumber = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
};
const httpUrl = (value: string) => {
  if (!/^https?:\/\/[^\s/]+/.test(value))
    throw new InvalidArgumentError('expected an http:// or https:// URL');
  return value;
};
const list = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
];

// Which form runs: the esbuild bundle (dist/, `pnpm --filter @didban/worker build`) or the sources.
const RUNS_FROM = import.meta.url.endsWith('.js') ? 'bundle' : 'source';

const program = new Command()
  .name('didban-worker')
  .description('Poll a Didban server for tasks, run discovery, post the results.')
  .version(`${WORKER_VERSION} (${RUNS_FROM})`)
  .addOption(
    new Option('--server <url>', 'Didban server URL')
      .env('DIDBAN_SERVER_URL')
      .argParser(httpUrl)
      .makeOptionMandatory(),
  )
  .addOption(new Option('--key <key>', 'worker API key').env('DIDBAN_WORKER_KEY').makeOptionMandatory())
  .addOption(new Option('--name <name>', 'name shown in the panel').env('DIDBAN_WORKER_NAME'))
  .addOption(
    new Option('--country <code>', 'country shown in the panel, e.g. DE').env('DIDBAN_WORKER_COUNTRY'),
  )
  .addOption(new Option('--ip <address>', 'address shown in the panel').env('DIDBAN_WORKER_IP'))
  .addOption(
    new Option('--task-interval <seconds>', 'seconds between polls when idle')
      .env('DIDBAN_TASK_INTERVAL')
      .argParser(seconds)
      .default(WORKER_DEFAULTS.taskIntervalSeconds),
  )
  .addOption(
    new Option('--concurrency <n>', 'tasks run at once')
      .env('DIDBAN_MAX_CONCURRENCY')
      .argParser(positiveInt)
      .default(WORKER_DEFAULTS.maxConcurrency),
  )
  .addOption(
    new Option('--wappalyzer-timeout <seconds>', 'technology detection per asset (0 = engine default)')
      .env('DIDBAN_WAPPALYZER_TIMEOUT')
      .argParser(seconds)
      .default(WORKER_DEFAULTS.wappalyzerTimeoutSeconds),
  )
  .addOption(
    new Option('--naabu-timeout <seconds>', 'one TCP connect of the port scan (0 = engine default)')
      .env('DIDBAN_NAABU_TIMEOUT')
      .argParser(seconds)
      .default(WORKER_DEFAULTS.naabuTimeoutSeconds),
  )
  .addOption(
    new Option('--httpx-timeout <seconds>', 'one HTTP probe (0 = engine default)')
      .env('DIDBAN_HTTPX_TIMEOUT')
      .argParser(seconds)
      .default(WORKER_DEFAULTS.httpxTimeoutSeconds),
  )
  .addOption(
    new Option(
      '--rate-limit <n>',
      "requests a second per template scan task when the task sets none (nuclei's -rl; 0 = no limit)",
    )
      .env('DIDBAN_RATE_LIMIT')
      .argParser(wholeNumber)
      .default(WORKER_DEFAULTS.rateLimit),
  )
  .addOption(
    new Option(
      '--resolver <host:port...>',
      'DNS server(s), repeatable or comma-separated (default: the system)',
    )
      .env('DIDBAN_RESOLVERS')
      .argParser(list),
  )
  .addOption(
    new Option(
      '--provider <spec...>',
      'passive subdomain source(s): name, name=KEY, name@URL (crtsh, certspotter, hackertarget, otx, virustotal, securitytrails)',
    ).env('DIDBAN_PROVIDERS'),
  )
  .addOption(
    new Option('--no-crawl', 'do not crawl discovered web assets for their endpoints (DAST inputs)').env(
      'DIDBAN_NO_CRAWL',
    ),
  )
  .addOption(
    new Option('--screenshots', 'screenshot web assets with Chromium when installed').env(
      'DIDBAN_SCREENSHOTS',
    ),
  )
  .addOption(
    new Option(
      '--headless',
      "run headless templates in one pooled Chromium (the headless capability gate; nuclei's -headless)",
    ).env('DIDBAN_HEADLESS'),
  )
  .addOption(
    new Option(
      '--code',
      "run the interpreters of signed code templates on this machine (the code capability gate; nuclei's -code)",
    ).env('DIDBAN_CODE'),
  )
  .addOption(
    new Option(
      '--file',
      "run file templates: a scan's targets are paths read under --file-root (the file capability gate; nuclei's -file)",
    ).env('DIDBAN_FILE'),
  )
  .addOption(
    new Option(
      '--file-root <dir...>',
      'folder file templates may read (repeatable or comma-separated; paths outside are refused)',
    )
      .env('DIDBAN_FILE_ROOTS')
      .argParser(list),
  )
  .addOption(
    new Option(
      '--template-signing-key <pem...>',
      "PEM certificate or public key whose signed code templates are trusted beside ProjectDiscovery's (repeatable or comma-separated files)",
    )
      .env('DIDBAN_TEMPLATE_SIGNING_KEYS')
      .argParser(list),
  )
  .addOption(
    new Option(
      '--scope-block-internal',
      'refuse loopback, private, link-local, CGNAT, ULA, multicast and reserved addresses (as the built-in worker does)',
    ).env('DIDBAN_SCOPE_BLOCK_INTERNAL'),
  )
  .addOption(
    new Option('--scope-allow <cidrs>', 'ranges opened despite --scope-block-internal, comma-separated').env(
      'DIDBAN_SCOPE_ALLOW',
    ),
  )
  .addOption(
    new Option('--scope-deny <cidrs>', 'ranges this worker never sends traffic to, comma-separated').env(
      'DIDBAN_SCOPE_DENY',
    ),
  )
  .addOption(
    new Option(
      '--interactsh-url <url>',
      "interaction server for out-of-band templates (nuclei's -iserver; default: the one the Didban server hands out)",
    ).env('DIDBAN_INTERACTSH_URL'),
  )
  .addOption(
    new Option('--interactsh-token <token>', "its auth token (nuclei's -itoken)").env(
      'DIDBAN_INTERACTSH_TOKEN',
    ),
  )
  .addOption(
    new Option(
      '--interactsh-domain <domain>',
      'the domain its callback hosts are under (default: the --interactsh-url host name)',
    ).env('DIDBAN_INTERACTSH_DOMAIN'),
  );

program.parse();
const o = program.opts<{
  server: string;
  key: string;
  name?: string;
  country?: string;
  ip?: string;
  taskInterval: number;
  concurrency: number;
  wappalyzerTimeout: number;
  naabuTimeout: number;
  httpxTimeout: number;
  rateLimit: number;
  resolver?: string[] | string;
  provider?: string[] | string;
  screenshots?: boolean;
  crawl: boolean;
  headless?: boolean;
  code?: boolean;
  file?: boolean;
  fileRoot?: string[] | string;
  templateSigningKey?: string[] | string;
  scopeBlockInternal?: boolean;
  scopeAllow?: string;
  scopeDeny?: string;
  interactshUrl?: string;
  interactshToken?: string;
  interactshDomain?: string;
}>();
let providers: ReturnType<typeof parseProviders> = [];
try {
  providers = parseProviders(o.provider ?? []);
} catch (error) {
  program.error((error as Error).message);
}
const resolvers = typeof o.resolver === 'string' ? list(o.resolver) : (o.resolver ?? []);
const fileRoots = typeof o.fileRoot === 'string' ? list(o.fileRoot) : (o.fileRoot ?? []);
// The file gate reads this machine's files: only under folders the operator names.
if (o.file && fileRoots.length === 0)
  program.error('--file needs at least one --file-root <dir>: the folders file templates may read');
if (!o.file && fileRoots.length > 0)
  program.error('--file-root is for --file: add --file to open the file gate');
let templateSigningKeys: string[] = [];
try {
  const files =
    typeof o.templateSigningKey === 'string' ? list(o.templateSigningKey) : (o.templateSigningKey ?? []);
  templateSigningKeys = files.map((file) => readFileSync(file, 'utf8'));
  trustedKeys(templateSigningKeys);
} catch (error) {
  program.error(`--template-signing-key: ${(error as Error).message}`);
}
let interactsh: { url: string; domain?: string; token?: string } | undefined;
if (o.interactshUrl) {
  try {
    interactsh = {
      url: interactshServerUrl(o.interactshUrl),
      ...(o.interactshDomain ? { domain: o.interactshDomain.trim().toLowerCase().replace(/\.$/, '') } : {}),
      ...(o.interactshToken ? { token: o.interactshToken } : {}),
    };
  } catch (error) {
    program.error((error as Error).message);
  }
}

const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
let scope: ScopePolicy | undefined;
try {
  scope = await installWorkerScope(o.server, {
    blockInternal: Boolean(o.scopeBlockInternal),
    allow: o.scopeAllow,
    deny: o.scopeDeny,
    resolvers,
    onRefused: (message) => log(`refused ${message}`),
  });
} catch (error) {
  program.error((error as Error).message);
}
const worker = startWorker({
  ...(scope ? { scope } : {}),
  serverUrl: o.server,
  apiKey: o.key,
  ...(o.name ? { name: o.name } : {}),
  ...(o.country ? { country: o.country } : {}),
  ...(o.ip ? { ip: o.ip } : {}),
  taskIntervalSeconds: o.taskInterval,
  maxConcurrency: o.concurrency,
  wappalyzerTimeoutSeconds: o.wappalyzerTimeout,
  naabuTimeoutSeconds: o.naabuTimeout,
  httpxTimeoutSeconds: o.httpxTimeout,
  rateLimit: o.rateLimit,
  resolvers,
  providers,
  screenshots: Boolean(o.screenshots),
  crawl: o.crawl,
  headless: Boolean(o.headless),
  ...(o.code ? { code: true } : {}),
  ...(o.file ? { fileRoots } : {}),
  ...(templateSigningKeys.length ? { templateSigningKeys } : {}),
  ...(interactsh ? { interactsh } : {}),
  onEvent: (event) => {
    const { type, ...rest } = event;
    log(`${type} ${JSON.stringify(rest)}`);
  },
});
log(`didban-worker ${WORKER_VERSION} (${RUNS_FROM}) polling ${o.server}`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
  log(`${signal}: stopping (running tasks are left to their leases)`);
  await worker.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

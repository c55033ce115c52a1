/** The setup guide's platforms (spec §2 /workers/{workerId}). */
export const SETUP_PLATFORMS = ['docker', 'unix', 'windows'] as const;
export type SetupPlatform = (typeof SETUP_PLATFORMS)[number];

/** Stands for the key the user saved when the worker was created; the panel never has it again. */
export const API_KEY_PLACEHOLDER = '<API_KEY>';

/** Spec §9 worker defaults, as `didban-worker` flags and their environment variables. */
const DEFAULTS = [
  { flag: '--task-interval', env: 'DIDBAN_TASK_INTERVAL', value: '15' },
  { flag: '--concurrency', env: 'DIDBAN_MAX_CONCURRENCY', value: '5' },
  { flag: '--wappalyzer-timeout', env: 'DIDBAN_WAPPALYZER_TIMEOUT', value: '5' },
  { flag: '--naabu-timeout', env: 'DIDBAN_NAABU_TIMEOUT', value: '0' },
  { flag: '--httpx-timeout', env: 'DIDBAN_HTTPX_TIMEOUT', value: '5' },
] as const;

export type SetupStep = { key: 'build' | 'install' | 'run'; command: string };

const BIN = 'apps/worker/bin/didban-worker.mjs';
/**
 * A larger young generation: the engine allocates per request, and with 64 MB semi-spaces V8
 * collects far less often — a quarter less CPU per request in scripts/bench/engine.
 */
const NODE_FLAGS = '--max-semi-space-size=64';

/**
 * The commands of one platform, run from the root of a Didban checkout (the worker uses the
 * workspace packages, so it is built or installed from there; apps/worker/Dockerfile says the same).
 * @example setupSteps('unix', 'https://didban.example') // [{ key: 'install', … }, { key: 'run', … }]
 */
export function setupSteps(platform: SetupPlatform, serverUrl: string): SetupStep[] {
  const key = `"${API_KEY_PLACEHOLDER}"`;
  switch (platform) {
    case 'docker':
      return [
        { key: 'build', command: 'docker build -f apps/worker/Dockerfile -t didban-worker .' },
        {
          key: 'run',
          command: lines(
            [
              'docker run -d --name didban-worker --restart unless-stopped',
              `-e DIDBAN_SERVER_URL=${serverUrl}`,
              `-e DIDBAN_WORKER_KEY=${key}`,
              ...DEFAULTS.map((d) => `-e ${d.env}=${d.value}`),
              'didban-worker',
            ],
            ' \\',
          ),
        },
      ];
    case 'unix':
      return [
        { key: 'install', command: 'pnpm install' },
        { key: 'run', command: lines(runArgs(serverUrl, key), ' \\') },
      ];
    case 'windows':
      return [
        { key: 'install', command: 'pnpm install' },
        // PowerShell continues a line with a backtick; the quotes keep <API_KEY> a plain string.
        { key: 'run', command: lines(runArgs(serverUrl, key), ' `') },
      ];
  }
}

/** An example DNS server in a private range: the user puts their lab's or company's in its place. */
export const RESOLVER_EXAMPLE = '10.0.0.53:53';

/**
 * The optional resolver setting of one platform (`didban-worker --resolver`, env DIDBAN_RESOLVERS),
 * shown beside the run command rather than in it: only a worker that scans lab or internal host
 * names, which public DNS does not know, needs it.
 */
export function resolverOption(platform: SetupPlatform, resolver = RESOLVER_EXAMPLE): string {
  return platform === 'docker' ? `-e DIDBAN_RESOLVERS=${resolver}` : `--resolver ${resolver}`;
}

function runArgs(serverUrl: string, key: string): string[] {
  return [
    `node ${NODE_FLAGS} ${BIN}`,
    `--server ${serverUrl}`,
    `--key ${key}`,
    ...DEFAULTS.map((d) => `${d.flag} ${d.value}`),
  ];
}

/** One command over several lines: each but the last ends with the shell's continuation mark. */
function lines(parts: string[], continuation: string): string {
  return parts
    .map((part, i) => `${i === 0 ? '' : '  '}${part}${i < parts.length - 1 ? continuation : ''}`)
    .join('\n');
}

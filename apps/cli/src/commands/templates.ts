import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import type { TemplateListFlags } from '../services/templates-list.js';
import type { RunFlags } from '../services/templates-run.js';
import { positiveInt } from './parse-flags.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];
// `--file` with or without a path: commander hands `true` for the bare flag.
const collectOptional = (value: string | true, previous: (string | true)[] = []) => [...previous, value];

export function registerTemplates(program: Command, { t, action, examples }: CommandDeps): void {
  const templates = program
    .command('templates')
    .description(t('cmd.templates'))
    .addHelpText(
      'after',
      examples([
        'didban templates validate ./templates',
        'didban templates run x.yaml --target http://127.0.0.1:8080',
      ]),
    );

  templates
    .command('validate')
    .description(t('cmd.templates.validate'))
    .argument('<paths...>', 'template files or folders of .yaml files')
    .option('--json', 'machine-readable output: { results: [{ file, ok, id, errors, warnings }] }')
    .addHelpText(
      'after',
      examples([
        'didban templates validate exposed-git.yaml',
        'didban templates validate ./templates --json',
      ]),
    )
    .action(
      action(async (ctx: Context, paths: string[], flags: { json?: boolean }) => {
        // The engine is not needed to validate: only the browser-safe parser in core.
        const { validateTemplates } = await import('../services/templates-validate.js');
        await validateTemplates(ctx, paths, flags);
      }),
    );

  templates
    .command('sign')
    .description(t('cmd.templates.sign'))
    .argument('<paths...>', 'template files or folders of .yaml files')
    .requiredOption('--key <pem>', 'ECDSA P-256 private key (PEM: nuclei-user-private-key.pem, EC or PKCS#8)')
    .addHelpText(
      'after',
      examples(['didban templates sign --key nuclei-user-private-key.pem code/my-check.yaml']),
    )
    .action(
      action(async (ctx: Context, paths: string[], flags: { key: string }) => {
        const { signTemplatesCommand } = await import('../services/templates-sign.js');
        await signTemplatesCommand(ctx, paths, flags);
      }),
    );

  templates
    .command('list')
    .description(t('cmd.templates.list'))
    .option('--tags <tags>', 'only templates with any of these tags (comma-separated)')
    .option('--search <text>', 'only templates whose id or name contain this')
    .option('--severity <list>', 'comma-separated: info, low, medium, high, critical')
    .option('--scope <scope>', 'public or mine (default: both)')
    .option(
      '--json',
      'machine-readable output: { results: [{ id, template_id, name, severity, tags, protocol, author, source, runnable, updated_at }], result_count }',
    )
    .addHelpText(
      'after',
      examples(['didban templates list --tags exposure', 'didban templates list --search git --json']),
    )
    .action(
      action(async (ctx: Context, flags: TemplateListFlags) => {
        const { listTemplatesCommand } = await import('../services/templates-list.js');
        await listTemplatesCommand(ctx, flags);
      }),
    );

  templates
    .command('run')
    .description(t('cmd.templates.run'))
    .argument('<paths...>', 'template files or folders of .yaml files')
    .option(
      '-u, --target <targets>',
      'URL, host:port, host or IP (repeatable, comma-separated; - reads standard input, @FILE a list)',
      collect,
    )
    .option(
      '-l, --list <file>',
      'a file of targets, one per line (- for standard input); with --input-mode, a file of requests',
      collect,
    )
    .option('--id <ids>', 'only templates with these ids (comma-separated, repeatable)', collect)
    .option('--tags <tags>', 'only templates with any of these tags', collect)
    .option('--exclude-tags <tags>', 'leave out templates with any of these tags', collect)
    .option(
      '--severity <list>',
      'only templates of these severities: info, low, medium, high, critical',
      collect,
    )
    .option('--exclude-severity <list>', 'leave out templates of these severities', collect)
    .option('-H, --header <header>', '"Name: value" added to every HTTP request (repeatable)', collect)
    .option(
      '--resolver <ip>',
      'DNS resolver, ip or ip:port, for DNS templates and the host names of targets (repeatable, comma-separated)',
      collect,
    )
    .option('--rate-limit <n>', 'requests per second (default 150)', positiveInt('--rate-limit'))
    .option('--concurrency <n>', 'templates run in parallel (default 25)', positiveInt('--concurrency'))
    .option(
      '--timeout <seconds>',
      'seconds a request may take, connect and answer (default 10)',
      positiveInt('--timeout'),
    )
    .option('--enable-self-contained', "run self-contained templates too (nuclei's -esc; off by default)")
    .option(
      '--dast',
      "run only fuzzing (DAST) templates, altering the parameters of the targets' URLs or of --input-mode requests (nuclei's -dast)",
    )
    .option(
      '--input-mode <mode>',
      "how -l files are read (nuclei's -im): list (URLs), burp (Burp XML export), openapi, swagger, jsonl, yaml",
    )
    .option(
      '--headless',
      "run headless templates in a local Chromium, 10 pages at most (nuclei's -headless; off by default)",
    )
    .option(
      '--code',
      "run signed code templates' interpreters on this machine (nuclei's -code; off by default)",
    )
    .option(
      '--file [path]',
      "run file templates over this file or folder (repeatable; nuclei's -file: bare, the --target values are the paths)",
      collectOptional,
    )
    .option(
      '--template-signing-key <pem>',
      "trust code templates signed with this key (PEM certificate or public key; repeatable; env DIDBAN_TEMPLATE_SIGNING_KEYS) beside ProjectDiscovery's",
      collect,
    )
    .option(
      '--interactsh-url <url>',
      "interaction server for out-of-band templates (nuclei's -iserver), e.g. a didban-oast; none: they are skipped",
    )
    .option('--interactsh-token <token>', "the interaction server's auth token (nuclei's -itoken)")
    .option('--jsonl', "a JSON line per finding as it is found, with nuclei's field names")
    .option('--json', 'one document at the end: { results, skipped, failures, unreachable }')
    .option('-o, --output <file>', 'also write findings to this file (JSON lines with --jsonl; - for stdout)')
    .option('--sarif <file>', 'write the findings as SARIF 2.1.0 (GitHub code scanning)')
    .option('--silent', 'print findings only: no skips, failures or summary')
    .option('--omit-raw', 'leave requests and responses out of --jsonl and -o')
    .option('--stats', 'a line of statistics on stderr every 5 seconds')
    .option('--fail-on <severity>', 'exit 1 when a finding is at or above: info, low, medium, high, critical')
    .option('--allow-unreachable', 'do not fail (exit 3) when some targets are unreachable')
    .addHelpText(
      'after',
      examples([
        'didban templates run exposed-git.yaml --target https://example.com',
        'didban templates run ./templates -l targets.txt --tags exposure --severity high,critical --jsonl -o found.jsonl',
        'cat hosts.txt | didban templates run ./templates --target - --silent --sarif didban.sarif',
        'didban templates run ./templates --target https://example.com --fail-on high',
        'didban templates run file/keys --file ./repo --sarif secrets.sarif',
        'didban templates run dast/ --dast -l urls-with-params.txt',
        'didban templates run dast/ --dast -im openapi -l openapi.yaml -u https://api.example.com',
        'didban templates run my-check.yaml --code --template-signing-key my-cert.pem --target 10.0.0.5',
        "nuclei's spellings work too: didban templates run -t ./templates -u https://example.com -tags cve -rl 50 -jsonl -or",
      ]),
    )
    .action(
      action(async (ctx: Context, paths: string[], flags: RunFlags) => {
        // Loaded only here: the engine is the heaviest import and no other command needs it.
        const { runTemplatesCommand } = await import('../services/templates-run.js');
        await runTemplatesCommand(ctx, paths, flags);
      }),
    );
}

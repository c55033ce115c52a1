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
    .argument('<paths...>', t('arg.templates_validate.paths'))
    .option('--json', t('opt.templates_validate.json'))
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
    .argument('<paths...>', t('arg.templates_sign.paths'))
    .requiredOption('--key <pem>', t('opt.templates_sign.key'))
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
    .option('--tags <tags>', t('opt.templates_list.tags'))
    .option('--search <text>', t('opt.templates_list.search'))
    .option('--severity <list>', t('opt.templates_list.severity'))
    .option('--scope <scope>', t('opt.templates_list.scope'))
    .option('--json', t('opt.templates_list.json'))
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
    .argument('<paths...>', t('arg.templates_run.paths'))
    .option('-u, --target <targets>', t('opt.templates_run.target'), collect)
    .option('-l, --list <file>', t('opt.templates_run.list'), collect)
    .option('--id <ids>', t('opt.templates_run.id'), collect)
    .option('--tags <tags>', t('opt.templates_run.tags'), collect)
    .option('--exclude-tags <tags>', t('opt.templates_run.exclude_tags'), collect)
    .option('--severity <list>', t('opt.templates_run.severity'), collect)
    .option('--exclude-severity <list>', t('opt.templates_run.exclude_severity'), collect)
    .option('-H, --header <header>', t('opt.templates_run.header'), collect)
    .option('--resolver <ip>', t('opt.templates_run.resolver'), collect)
    .option('--rate-limit <n>', t('opt.templates_run.rate_limit'), positiveInt('--rate-limit'))
    .option('--concurrency <n>', t('opt.templates_run.concurrency'), positiveInt('--concurrency'))
    .option('--timeout <seconds>', t('opt.templates_run.timeout'), positiveInt('--timeout'))
    .option('--enable-self-contained', t('opt.templates_run.enable_self_contained'))
    .option('--dast', t('opt.templates_run.dast'))
    .option('--input-mode <mode>', t('opt.templates_run.input_mode'))
    .option('--headless', t('opt.templates_run.headless'))
    .option('--code', t('opt.templates_run.code'))
    .option('--file [path]', t('opt.templates_run.file'), collectOptional)
    .option('--template-signing-key <pem>', t('opt.templates_run.template_signing_key'), collect)
    .option('--interactsh-url <url>', t('opt.templates_run.interactsh_url'))
    .option('--interactsh-token <token>', t('opt.templates_run.interactsh_token'))
    .option('--jsonl', t('opt.templates_run.jsonl'))
    .option('--json', t('opt.templates_run.json'))
    .option('-o, --output <file>', t('opt.templates_run.output'))
    .option('--sarif <file>', t('opt.templates_run.sarif'))
    .option('--silent', t('opt.templates_run.silent'))
    .option('--omit-raw', t('opt.templates_run.omit_raw'))
    .option('--stats', t('opt.templates_run.stats'))
    .option('--fail-on <severity>', t('opt.templates_run.fail_on'))
    .option('--allow-unreachable', t('opt.templates_run.allow_unreachable'))
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

import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { CommandDeps } from '../program.js';
import type { RunFlags } from '../services/templates-run.js';
import { positiveInt } from './parse-flags.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

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
    .command('run')
    .description(t('cmd.templates.run'))
    .argument('<paths...>', 'template files or folders of .yaml files')
    .requiredOption('--target <url>', 'URL, host:port, host or IP to scan (repeatable)', collect)
    .option('--json', 'machine-readable output: { results, skipped, failures }')
    .option('--fail-on <severity>', 'exit 1 when a finding is at or above: info, low, medium, high, critical')
    .option('--rate-limit <n>', 'requests per second (default 150)', positiveInt('--rate-limit'))
    .option('--timeout <seconds>', 'connect timeout per request (default 10)', positiveInt('--timeout'))
    .addHelpText(
      'after',
      examples([
        'didban templates run exposed-git.yaml --target https://example.com',
        'didban templates run ./templates --target https://a.example --target https://b.example --json',
        'didban templates run ./templates --target https://example.com --fail-on high',
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

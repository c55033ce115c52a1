import { Command } from 'commander';
import { registerAlerts } from './commands/alerts.js';
import { registerAssets } from './commands/assets.js';
import { registerConfig } from './commands/config.js';
import { registerGroups } from './commands/groups.js';
import { registerLogin } from './commands/login.js';
import { registerLogout } from './commands/logout.js';
import { registerReport } from './commands/report.js';
import { registerScans } from './commands/scans.js';
import { registerTemplates } from './commands/templates.js';
import { registerUi } from './commands/ui.js';
import { registerVulns } from './commands/vulns.js';
import { registerVulnsTriage } from './commands/vulns-triage.js';
import { registerWhoami } from './commands/whoami.js';
import { registerWorkspace } from './commands/workspace.js';
import type { Context, GlobalFlags } from './context.js';
import { helpWords } from './i18n/help-words.js';
import type { Translate } from './i18n/translate.js';
import type { OutputStream } from './io.js';

export const VERSION = '0.1.0';

/** Wraps a command's handler: builds the run's Context from the global flags, then calls it. */
export type ActionFactory = <A extends unknown[]>(
  handler: (ctx: Context, ...args: A) => Promise<void>,
) => (...args: unknown[]) => Promise<void>;

export type CommandDeps = { t: Translate; action: ActionFactory; examples: (lines: string[]) => string };

/**
 * The command tree. Each command file registers its flags and help, then hands the parsed values
 * to a service; adding a command (assets, scans, vulns) is one `register…` call here.
 */
export function buildProgram(
  t: Translate,
  streams: { stdout: OutputStream; stderr: OutputStream },
  makeContext: (flags: GlobalFlags) => Promise<Context>,
): Command {
  const program = new Command('didban');
  // Set before any subcommand exists: commander copies these settings into each one it creates.
  program
    .exitOverride()
    .configureOutput({
      writeOut: (s) => streams.stdout.write(s),
      writeErr: (s) => streams.stderr.write(s),
      // `run` prints the one-line usage error itself.
      outputError: () => {},
    })
    // Commander's own help words (headings, -h, the help command) in the user's language.
    .configureHelp(helpWords(t))
    .helpOption('-h, --help', t('opt.help'))
    .helpCommand('help [command]', t('cmd.help'))
    .showSuggestionAfterError(true)
    .allowExcessArguments(false);

  program
    .description(t('cmd.program'))
    .version(VERSION, '-V, --version', t('opt.program.version'))
    // DIDBAN_URL is applied in resolveSettings, with the rest of the environment.
    .option('--server <url>', t('opt.program.server'))
    .option('--lang <lang>', t('opt.program.lang'))
    .option('--no-color', t('opt.program.no_color'))
    .option('--verbose', t('opt.program.verbose'));

  const examples = (lines: string[]) =>
    `\n${t('help.examples')}\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
  // Commander calls an action with (positionals…, options, command).
  const action: ActionFactory =
    <A extends unknown[]>(handler: (ctx: Context, ...args: A) => Promise<void>) =>
    async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      await handler(await makeContext(command.optsWithGlobals() as GlobalFlags), ...(args.slice(0, -1) as A));
    };

  const deps: CommandDeps = { t, action, examples };
  registerLogin(program, deps);
  registerLogout(program, deps);
  registerWhoami(program, deps);
  registerWorkspace(program, deps);
  registerGroups(program, deps);
  registerAssets(program, deps);
  registerScans(program, deps);
  registerVulns(program, deps);
  registerVulnsTriage(program.commands.find((c) => c.name() === 'vulns')!, deps);
  registerUi(program, deps);
  registerTemplates(program, deps);
  registerConfig(program, deps);
  registerAlerts(program, deps);
  registerReport(program, deps);

  program.addHelpText(
    'after',
    examples([
      'didban login --server http://localhost:8080',
      'didban workspace list --json',
      'didban scans start --group 0b9c… --tag exposure --follow',
      'didban vulns list --severity high,critical --fail-on high',
      'didban ui',
      'didban templates run exposed-git.yaml --target https://example.com --fail-on high',
    ]),
  );
  return program;
}

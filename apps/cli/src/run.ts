import type { Lang } from '@didban/core';
import { type Command, CommanderError } from 'commander';
import { configDir, peekLanguage } from './config/config-path.js';
import { resolveLang } from './config/settings.js';
import type { Context } from './context.js';
import { parseEnv } from './env.js';
import { CliError, EXIT, GateTripped, Interrupted } from './errors.js';
import { createTranslator } from './i18n/translate.js';
import { type CliIo, type RunResult, recording } from './io.js';
import { buildProgram } from './program.js';

export type RunOptions = {
  /** Keep what is written for the result (tests); the bin streams only. Default true. */
  capture?: boolean;
};

const emptyStdin = { isTTY: false, async *[Symbol.asyncIterator]() {} };

/**
 * The whole client as a function: parse `argv`, run one command, return the exit code and what
 * was printed. Never throws and never exits the process; only `bin/didban.mjs` does that.
 * @example const { exitCode, stdout } = await run(['workspace', 'list', '--json'], { env });
 */
export async function run(argv: readonly string[], io: Partial<CliIo> = {}, options: RunOptions = {}) {
  const keep = options.capture ?? true;
  const stdout = recording(io.stdout, keep);
  const stderr = recording(io.stderr, keep);
  const fullIo: CliIo = {
    stdout: stdout.out,
    stderr: stderr.out,
    stdin: io.stdin ?? emptyStdin,
    env: io.env ?? {},
    openUrl:
      io.openUrl ??
      (async () => {
        throw new Error('no browser available');
      }),
    prompt: io.prompt,
    onInterrupt: io.onInterrupt,
    interrupted: io.interrupted,
  };
  const result = (exitCode: number): RunResult => ({
    exitCode,
    stdout: stdout.text(),
    stderr: stderr.text(),
  });

  const env = parseEnv(fullIo.env);
  let t = createTranslator('en');
  let context: Context | undefined;
  let program: Command | undefined;
  let lang: Lang = 'en';
  try {
    // The language is needed before commander parses, because help text is translated. Only
    // what `--help` needs is loaded up front; a command loads its own modules when it runs.
    const dir = configDir(env.DIDBAN_CONFIG_DIR);
    lang = resolveLang(langFlag(argv), env, () => peekLanguage(dir));
    t = createTranslator(lang);
    program = buildProgram(t, fullIo, async (flags) => {
      const [{ createContext }, { openConfigStore }] = await Promise.all([
        import('./context.js'),
        import('./config/config-store.js'),
      ]);
      context = createContext(fullIo, env, lang, t, flags, await openConfigStore(dir));
      return context;
    });
    // nuclei's `-tags`/`-or` spellings become ours; any other single-dash word is refused.
    const { normalizeSingleDashFlags } = await import('./nuclei-flags.js');
    const parsed = program.parseAsync(normalizeSingleDashFlags(program, argv), { from: 'user' });
    // Ctrl+C that no command took over abandons the command (the bin exits once output drained).
    await (fullIo.interrupted
      ? Promise.race([
          parsed,
          fullIo.interrupted.then(() => {
            throw new Interrupted();
          }),
        ])
      : parsed);
    return result(EXIT.ok);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      if (error.exitCode === 0) return result(EXIT.ok);
      // Plain `didban` or `didban workspace` printed the help already: a usage error.
      if (error.code === 'commander.help') {
        return result(EXIT.usage);
      }
      const { usageDetail } = await import('./usage-detail.js');
      const detail = usageDetail(error, t, lang);
      fullIo.stderr.write(`${t('usage.error', { detail, command: commandPath(program, argv) })}\n`);
      return result(EXIT.usage);
    }
    if (error instanceof GateTripped) return result(error.exitCode);
    if (error instanceof Interrupted) {
      if (!error.printed) fullIo.stderr.write(`${t('interrupted')}\n`);
      return result(EXIT.interrupted);
    }
    const { describeError } = await import('./report-error.js');
    const { line, exitCode } = describeError(error, {
      t,
      server: context?.settings.server,
      hadToken: context?.settings.token !== undefined,
      workspace: context?.settings.workspace,
    });
    fullIo.stderr.write(`${line}\n`);
    if (!(error instanceof CliError) && argv.includes('--verbose') && error instanceof Error) {
      fullIo.stderr.write(`${error.stack ?? ''}\n`);
    }
    return result(exitCode);
  }
}

function langFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === '--lang') return argv[i + 1];
    if (arg.startsWith('--lang=')) return arg.slice('--lang='.length);
  }
  return undefined;
}

/** The deepest command the words name, for the hint: `didban workspace list`, or `didban`. */
function commandPath(program: Command | undefined, argv: readonly string[]): string {
  const words = ['didban'];
  let command = program;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    // Flags before a command word (`didban --lang fa vulns list`) are stepped over, with the
    // value of one that takes a value.
    if (arg.startsWith('-')) {
      const option = command?.options.find((o) => o.long === arg || o.short === arg);
      if (option && (option.required || option.optional)) i++;
      continue;
    }
    const next = command?.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!next) break;
    words.push(next.name());
    command = next;
  }
  return words.join(' ');
}

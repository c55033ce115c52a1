import type { CliMessageKey } from './i18n/messages.js';

/**
 * One meaning each (apps/cli/README.md "Exit codes"): 1 a gate tripped (`--fail-on`, or
 * `templates validate` found invalid templates) and nothing else; 2 the command line itself was
 * wrong; 3 the job could not be done (sign-in, server, targets unreachable, a file that cannot be
 * read); 4 a followed scan failed or was cancelled; 5 `--timeout` ended following before the run
 * did; 130 the user pressed Ctrl+C (the shells' code for SIGINT). A CI job can tell "the scan
 * found something" (1) from "the scan did not run to the end" (4, 5).
 */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  cannot: 3,
  scanNotFinished: 4,
  timedOut: 5,
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * A problem the user can act on: printed as one translated line, never with a stack. Anything
 * else that reaches `run` is a bug and says so.
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    readonly key: CliMessageKey,
    readonly params: Record<string, unknown> = {},
    readonly exitCode: ExitCode = EXIT.cannot,
  ) {
    super(key);
  }
}

/**
 * Ctrl+C (or Ctrl+D at a prompt): `run` prints the one `interrupted` line (unless the command
 * printed its own) and exits 130.
 */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
  constructor(readonly printed = false) {
    super('interrupted');
  }
}

export const usageError = (key: CliMessageKey, params: Record<string, unknown> = {}) =>
  new CliError(key, params, EXIT.usage);

/**
 * A command that finished its work and printed why it fails (a `--fail-on` gate, an invalid
 * template, a target that is not one): `run` adds no line, only the exit code.
 */
export class GateTripped extends Error {
  override readonly name = 'GateTripped';
  constructor(readonly exitCode: ExitCode = EXIT.failure) {
    super('gate tripped');
  }
}

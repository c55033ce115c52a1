import type { ModuleContext } from './context.js';

export type HostCall = (ctx: ModuleContext, ...args: unknown[]) => unknown;

/**
 * One `nuclei/<name>` module: host functions (the only way out of the sandbox, each called with
 * plain data and given the run's caps), the guest JavaScript that builds the module object the
 * script's `require` returns (its body ends with `return { … }`), and the names a template may
 * call on it (a call to any other capitalised name refuses the template at load, naming it).
 */
export interface HostModule {
  readonly name: string;
  readonly functions: Readonly<Record<string, HostCall>>;
  readonly guest: string;
  readonly api: readonly string[];
  /** Functions nuclei has that this module does not provide, with the reason (named at load). */
  readonly refused?: Readonly<Record<string, string>>;
}

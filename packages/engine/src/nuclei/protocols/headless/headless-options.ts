import type { BrowserPool, BrowserPoolOptions } from '../../../browser/browser-pool.js';
import { gateSkipReason, type Runner } from '../../trust/gates.js';

/**
 * `ScanOptions.headless`: present means the runner opened the headless gate (`--headless`,
 * `DIDBAN_BUILTIN_WORKER_HEADLESS=1`); absent, headless templates are skipped with the gate's
 * reason. Without `pool` the scan starts a browser pool of its own and closes it at the end.
 */
export interface HeadlessScanOptions extends BrowserPoolOptions {
  /** A worker's long-lived pool (one Chromium per worker), shared by its scans. */
  readonly pool?: BrowserPool;
  /** nuclei's `-allow-local-file-access`: the `files` action and screenshots anywhere. Default false. */
  readonly allowLocalFileAccess?: boolean;
  /** Where `screenshot` actions write their files (the CLI: the current folder); unset, none are written. */
  readonly screenshotDir?: string;
}

/** Why a scan skips headless templates (the gate closed, no Chromium), or undefined when they run. */
export function headlessSkipReason(options: {
  readonly headless?: HeadlessScanOptions;
  readonly runner?: Runner;
}): string | undefined {
  if (!options.headless) {
    // The built-in worker's gate is the server operator's switch, not a worker flag.
    if (options.runner === 'builtin')
      return 'capability gate "headless" is closed (open it with DIDBAN_BUILTIN_WORKER_HEADLESS=1)';
    return gateSkipReason('headless', options.runner ?? 'cli');
  }
  return options.headless.pool?.unavailableReason() ?? undefined;
}

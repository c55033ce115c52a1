import type { BrowserPool, BrowserPoolOptions } from '../../../browser/browser-pool.js';

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

import type { Context } from '../context.js';
import { formatElapsed } from '../ui/progress/progress-model.js';

export type RunCounts = { findings: number; skipped: number; failures: number };

/**
 * nuclei's `-stats`: a statistics line on stderr every `everyMs` (nuclei's default interval is
 * 5 s) while templates run, so a long CI run shows it is alive. Returns the function that stops it.
 */
export function startRunStats(
  ctx: Context,
  fixed: { templates: number; targets: number },
  counts: () => RunCounts,
  everyMs = 5_000,
): () => void {
  const started = Date.now();
  const timer = setInterval(() => {
    const c = counts();
    ctx.err(
      ctx.t('templates.stats', {
        elapsed: formatElapsed(Date.now() - started),
        templates: fixed.templates,
        targets: fixed.targets,
        findings: c.findings,
        skipped: c.skipped,
        failures: c.failures,
      }),
    );
  }, everyMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

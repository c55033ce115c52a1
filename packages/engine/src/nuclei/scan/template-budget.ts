import { onAbort } from '../util/abort-registry.js';
import type { ScanContext } from './context.js';

/**
 * Per-template time budgets (templateTimeoutMs) without an AbortController, a timer and an abort
 * registration for every template × target run: those cost about 35 µs of CPU per run, a third of
 * the engine's whole cost per request in the engine bench (scripts/bench/engine).
 *
 * Runs that start within the same short window share one budget: one controller whose signal
 * aborts `ms + width` after the window opened, so every run gets at least its `ms` and at most one
 * window more (a tenth of the budget, never over one second). A window is disposed (timer cleared,
 * registration on the scan's signal removed) as soon as its last run leaves and no new run can
 * join, so a finished scan holds no timers.
 */
export interface BudgetWindow {
  /** The scan's context with this window's signal: every executor and matcher loop reads it. */
  readonly scan: ScanContext;
  readonly opened: number;
  active: number;
  expired: boolean;
  dispose(): void;
}

export class TemplateBudgets {
  private current: BudgetWindow | undefined;
  private readonly width: number;

  constructor(
    private readonly parent: ScanContext,
    private readonly ms: number,
  ) {
    this.width = Math.max(1, Math.min(1_000, Math.floor(ms / 10)));
  }

  /** The window a run starting now belongs to. */
  enter(): BudgetWindow {
    const now = performance.now();
    let window = this.current;
    if (!window || window.expired || now - window.opened >= this.width) {
      window = this.current = this.open(now);
    }
    window.active++;
    return window;
  }

  /** A run left its window; says whether the window's budget ran out while it ran. */
  leave(window: BudgetWindow): boolean {
    window.active--;
    // A window nobody is in is done: a new run opens a fresh one (exact budgets when runs are sparse).
    if (window.active === 0) {
      window.dispose();
      if (this.current === window) this.current = undefined;
    }
    return window.expired;
  }

  private open(opened: number): BudgetWindow {
    const { parent, ms } = this;
    const controller = new AbortController();
    const window: BudgetWindow = {
      scan: { ...parent, signal: controller.signal },
      opened,
      active: 0,
      expired: false,
      dispose: () => {
        clearTimeout(timer);
        off();
      },
    };
    const timer = setTimeout(() => {
      window.expired = true;
      off();
      controller.abort(new Error(`template budget of ${ms} ms exceeded`));
    }, ms + this.width);
    timer.unref();
    const off = onAbort(parent.signal, () => controller.abort(parent.signal.reason));
    return window;
  }
}

const budgets = new WeakMap<ScanContext, TemplateBudgets>();

/** The budgets of one scan context, made on its first template run. */
export function templateBudgets(scan: ScanContext, ms: number): TemplateBudgets {
  let found = budgets.get(scan);
  if (!found) {
    found = new TemplateBudgets(scan, ms);
    budgets.set(scan, found);
  }
  return found;
}

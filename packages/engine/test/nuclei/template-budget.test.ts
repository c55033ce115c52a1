import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanContext } from '../../src/nuclei/scan/context.js';
import { TemplateBudgets } from '../../src/nuclei/scan/template-budget.js';

function scanWith(signal: AbortSignal): ScanContext {
  return { signal } as unknown as ScanContext;
}

describe('template budgets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets runs that start together share one signal, so a run costs no controller or timer', () => {
    const budgets = new TemplateBudgets(scanWith(new AbortController().signal), 60_000);
    const windows = Array.from({ length: 500 }, () => budgets.enter());
    expect(new Set(windows.map((w) => w.scan.signal)).size).toBe(1);
    for (const w of windows) expect(budgets.leave(w)).toBe(false);
    // The last run left: the window is gone and the next run gets a fresh budget.
    expect(budgets.enter().scan.signal).not.toBe(windows[0]!.scan.signal);
  });

  it('aborts the runs of a window once its budget is spent, never before the budget', () => {
    vi.useFakeTimers();
    const budgets = new TemplateBudgets(scanWith(new AbortController().signal), 2_000);
    const first = budgets.enter();
    vi.advanceTimersByTime(150); // still inside the 200 ms window: same budget
    const second = budgets.enter();
    expect(second).toBe(first);
    vi.advanceTimersByTime(1_999 - 150);
    expect(first.scan.signal.aborted).toBe(false);
    vi.advanceTimersByTime(250); // 2 000 ms plus at most one window
    expect(first.scan.signal.aborted).toBe(true);
    expect(String(first.scan.signal.reason)).toContain('template budget of 2000 ms exceeded');
    expect(budgets.leave(first)).toBe(true);
    // A run starting after the expiry is not charged for the old window.
    const later = budgets.enter();
    expect(later.scan.signal.aborted).toBe(false);
  });

  it("aborts every window with the scan's own reason when the scan stops", () => {
    const scan = new AbortController();
    const budgets = new TemplateBudgets(scanWith(scan.signal), 60_000);
    const w = budgets.enter();
    scan.abort(new Error('stopped by the user'));
    expect(w.scan.signal.aborted).toBe(true);
    expect((w.scan.signal.reason as Error).message).toBe('stopped by the user');
  });
});

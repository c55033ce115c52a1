/**
 * Time budgets that hold inside synchronous work. Matching one response (every matcher, extractor
 * and regex of a block) gets a deadline; the loops check it and the scan's (or template's) abort
 * signal between steps, so a template cannot spin on a huge response after its scan was stopped.
 */
export interface MatchBudget {
  readonly signal?: AbortSignal;
  /** `Date.now()` after which matching stops. */
  readonly deadline: number;
  readonly limitMs: number;
}

export class BudgetExceededError extends Error {}

export function matchBudget(signal: AbortSignal | undefined, limitMs: number): MatchBudget | undefined {
  if (limitMs <= 0 && !signal) return undefined;
  return { signal, deadline: limitMs > 0 ? Date.now() + limitMs : Number.POSITIVE_INFINITY, limitMs };
}

/** Throws when the budget is spent or its signal aborted; cheap enough to call per regex. */
export function checkBudget(budget: MatchBudget | undefined): void {
  if (!budget) return;
  if (budget.signal?.aborted)
    throw new BudgetExceededError('matching stopped: the scan or template was aborted');
  if (Date.now() > budget.deadline)
    throw new BudgetExceededError(`matching one response took over its ${budget.limitMs} ms budget`);
}

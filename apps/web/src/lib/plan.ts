import type { ActiveLicense, OrderStatus } from '@didban/core';
import type { Tone } from './status-tone';

export type PlanKey = 'free' | 'pro' | 'enterprise';

/** Spec §1: an active licence titled Pro or Enterprise shows that plan; otherwise free. */
export function planOf(license: Pick<ActiveLicense, 'title'> | null | undefined): PlanKey {
  const title = license?.title.trim().toLowerCase();
  return title === 'pro' || title === 'enterprise' ? title : 'free';
}

/** Order badges: completed, pending, failed. */
export const ORDER_TONE: Record<OrderStatus, Tone> = {
  completed: 'success',
  pending: 'warning',
  failed: 'error',
};

import type { PaymentProvider } from '@didban/core';

/** What a provider needs to open a payment for an order. */
export type PaymentOpening = {
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  /** Where the provider sends the buyer back (the panel's /vpl page with `order_id`). */
  callbackUrl: string;
};

/** The order as stored, for checking a returning buyer's payment against it. */
export type PaymentRecord = {
  orderId: string;
  amount: number;
  currency: string;
  /** The provider's handle saved when the payment was opened. */
  reference: string;
};

export type PaymentCheck =
  | { outcome: 'paid'; refId: string }
  /** Paid but not final yet (a Bitcoin payment awaiting confirmations) or not paid yet. */
  | { outcome: 'pending' }
  | { outcome: 'failed'; reason: PaymentFailure };

/** cancelled: the buyer gave up or the bank refused; rejected: the provider would not confirm; mismatch: amount or reference differ; expired: too late. */
export type PaymentFailure = 'cancelled' | 'rejected' | 'mismatch' | 'expired';

/**
 * One payment provider. `open` returns the page to send the buyer to and the handle to keep;
 * `check` decides, from the provider itself (never from the callback's word alone), whether the
 * stored order was paid in full.
 */
export interface PaymentGateway {
  readonly name: PaymentProvider;
  open(payment: PaymentOpening): Promise<{ reference: string; url: string }>;
  check(record: PaymentRecord, query: Record<string, unknown>): Promise<PaymentCheck>;
  /**
   * The buyer never came back (no callback) and the order is older than the pending window:
   * decide from the provider alone. Not paid by now counts as expired.
   */
  settleAbandoned(record: PaymentRecord): Promise<PaymentCheck>;
}

/** The provider could not be reached or answered something unexpected: nothing is decided. */
export class GatewayUnavailableError extends Error {}

const TIMEOUT_MS = 15_000;

/** JSON in, JSON out, with a timeout; network failures become GatewayUnavailableError. */
export async function callJson(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GatewayUnavailableError(`${init.method} ${url}: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    throw new GatewayUnavailableError(`${init.method} ${url}: answered ${response.status} with non-JSON`);
  }
}

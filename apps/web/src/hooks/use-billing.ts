import type { PaymentRequestInput } from '@didban/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { useMutationWithFeedback } from './use-mutation-feedback';

export const BILLING_KEYS = {
  all: ['billing'] as const,
  licenses: ['billing', 'licenses'] as const,
  active: ['billing', 'active'] as const,
  orders: (page: number) => ['billing', 'orders', page] as const,
  order: (id: string) => ['billing', 'order', id] as const,
};

export function useLicenses() {
  return useQuery({ queryKey: BILLING_KEYS.licenses, queryFn: api.billing.licenses });
}

/** null: the free plan. Also read by the profile menu for the plan's name. */
export function useActiveLicense() {
  return useQuery({ queryKey: BILLING_KEYS.active, queryFn: api.billing.activeLicense });
}

export function useOrders(page: number) {
  return useQuery({
    queryKey: BILLING_KEYS.orders(page),
    queryFn: () => api.billing.orders({ page }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: BILLING_KEYS.order(id ?? ''),
    queryFn: () => api.billing.order(id ?? ''),
    enabled: !!id,
  });
}

/** Spec §7: the server answers the provider's page (`data.url`) and the browser goes there. */
export function useRequestPayment() {
  const { t } = useTranslation('settings');
  return useMutationWithFeedback((body: PaymentRequestInput) => api.billing.requestPayment(body), {
    failure: t('billing.paymentFailed'),
    invalidate: [],
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

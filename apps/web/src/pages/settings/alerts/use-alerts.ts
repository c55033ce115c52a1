import type { AlertChannelInput, AlertRuleInput } from '@didban/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const KEY = ['alerts'] as const;

/** Channels, rules and the delivery log (refreshed every 3 s, so a test's outcome shows up). */
export function useAlerts() {
  const channels = useQuery({ queryKey: [...KEY, 'channels'], queryFn: () => api.alerts.listChannels() });
  const rules = useQuery({ queryKey: [...KEY, 'rules'], queryFn: () => api.alerts.listRules() });
  const log = useQuery({
    queryKey: [...KEY, 'log'],
    queryFn: () => api.alerts.listDeliveries({ pageSize: 50 }),
    refetchInterval: 3000,
  });
  return { channels, rules, log };
}

export function useAlertMutations() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: KEY });
  return {
    createChannel: useMutation({
      mutationFn: (b: AlertChannelInput) => api.alerts.createChannel(b),
      onSuccess: done,
    }),
    deleteChannel: useMutation({ mutationFn: (id: string) => api.alerts.deleteChannel(id), onSuccess: done }),
    testChannel: useMutation({ mutationFn: (id: string) => api.alerts.testChannel(id), onSuccess: done }),
    createRule: useMutation({ mutationFn: (b: AlertRuleInput) => api.alerts.createRule(b), onSuccess: done }),
    deleteRule: useMutation({ mutationFn: (id: string) => api.alerts.deleteRule(id), onSuccess: done }),
  };
}

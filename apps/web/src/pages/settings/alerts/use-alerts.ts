import type { AlertChannelInput, AlertRuleInput } from '@didban/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCanManageWorkers } from '../../../hooks/use-workers';
import { api } from '../../../lib/api';
import { errorText } from '../../../lib/error-text';
import { storedLanguage } from '../../../lib/language';
import { snackbarStore } from '../../../lib/snackbar-store';

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

/**
 * Alerts follow the workers' rule (docs/permissions.md): admins and the owner manage, members
 * read. Nothing is offered until the role is known, so a member never sees a form flash.
 */
export const useCanManageAlerts = useCanManageWorkers;

/** Names of the workspace's asset groups (first 100), to show which groups a rule watches. */
export function useGroupNames() {
  const groups = useQuery({
    queryKey: [...KEY, 'group-names'],
    queryFn: () => api.assets.listGroups({ page: 1, page_size: 100, ordering: 'name' }),
  });
  return new Map((groups.data?.results ?? []).map((g) => [g.id, g.name]));
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
    testChannel: useMutation({
      mutationFn: (id: string) => api.alerts.testChannel(id),
      onSuccess: done,
      // e.g. the 6th test in a minute (429): say so instead of a button that does nothing.
      onError: (error) => snackbarStore.show(errorText(error, storedLanguage()), 'error'),
    }),
    newWebhookSecret: useMutation({
      mutationFn: (id: string) => api.alerts.newWebhookSecret(id),
      onSuccess: done,
      onError: (error) => snackbarStore.show(errorText(error, storedLanguage()), 'error'),
    }),
    createRule: useMutation({ mutationFn: (b: AlertRuleInput) => api.alerts.createRule(b), onSuccess: done }),
    deleteRule: useMutation({ mutationFn: (id: string) => api.alerts.deleteRule(id), onSuccess: done }),
  };
}

import { LIMITS, normalizeError, translate } from '@didban/core';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { errorText } from './error-text';
import { storedLanguage } from './language';
import { snackbarStore } from './snackbar-store';
import { workspaceStore } from './workspace-store';

/** A 4xx answer cannot change by asking again (and a 401 has already signed the user out). */
export function retriable(error: unknown): boolean {
  const status = normalizeError(error).status;
  return status === null || status < 400 || status >= 500;
}

/**
 * Spec §7: no refetch on window focus, one retry, fresh for 5 minutes, refetch on mount;
 * mutations are not retried. A 4xx answer is not retried: asking again cannot change it, and a
 * 401 has already signed the user out. Spec §8: a failed load says why in a snackbar (mutations
 * report their own failures with the situation's message).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // The stored team is gone or the user left it: fall back to the personal workspace.
        const code = normalizeError(error).code;
        if ((code === 'workspace_forbidden' || code === 'workspace_invalid') && workspaceStore.get()) {
          workspaceStore.switchTo(null);
          return;
        }
        // A query whose failure its own component words (filter options, spec §8) stays quiet here.
        if (query.meta?.silent) return;
        const lang = storedLanguage();
        // A query may name its situation's message (spec §8, e.g. 'Failed to load invites').
        const situation = query.meta?.errorMessage;
        const fallback = typeof situation === 'string' ? situation : translate('errors.unknown', lang);
        snackbarStore.show(errorText(error, lang, fallback), 'error');
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnMount: true,
        staleTime: LIMITS.dataFreshMs,
        retry: (failures, error) => retriable(error) && failures < LIMITS.queryRetries,
      },
      mutations: { retry: LIMITS.mutationRetries },
    },
  });
}

export const queryClient = createQueryClient();

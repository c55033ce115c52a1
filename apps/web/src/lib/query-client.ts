import { LIMITS, normalizeError } from '@didban/core';
import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: no refetch on window focus, one retry, fresh for 5 minutes, refetch on mount;
 * mutations are not retried. A 4xx answer is not retried: asking again cannot change it, and a
 * 401 has already signed the user out.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnMount: true,
        staleTime: LIMITS.dataFreshMs,
        retry: (failures, error) => {
          const status = normalizeError(error).status;
          if (status !== null && status >= 400 && status < 500) return false;
          return failures < LIMITS.queryRetries;
        },
      },
      mutations: { retry: LIMITS.mutationRetries },
    },
  });
}

export const queryClient = createQueryClient();

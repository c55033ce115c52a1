import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../lib/error-text';
import { snackbarStore } from '../lib/snackbar-store';
import { useLang } from './use-lang';

/**
 * A mutation that says how it went (spec §8): the success text, or the server's message and
 * else the situation's fallback; then refreshes the data it touched.
 */
export function useMutationWithFeedback<A, R>(
  mutationFn: (arg: A) => Promise<R>,
  options: {
    success?: string | ((result: R) => string);
    failure: string;
    invalidate: QueryKey[];
    onSuccess?: (result: R) => void;
  },
) {
  const queryClient = useQueryClient();
  const lang = useLang();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      const text = typeof options.success === 'function' ? options.success(result) : options.success;
      if (text) snackbarStore.show(text, 'success');
      options.onSuccess?.(result);
      await Promise.all(options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => snackbarStore.show(errorText(error, lang, options.failure), 'error'),
  });
}

import { useCallback, useRef, useState } from 'react';

type Handlers<R> = { onSuccess?: (result: R) => void; onError?: (error: unknown) => void };

/**
 * A one-shot call with a pending flag, for the auth pages. They stay outside TanStack Query so the
 * sign-in chunk does not carry it (see docs/benchmarks.md, Web bundle); signed-in pages use
 * queries and mutations.
 */
export function useAsyncAction<A, R>(action: (arg: A) => Promise<R>, handlers: Handlers<R>) {
  const [isPending, setPending] = useState(false);
  const latest = useRef({ action, handlers });
  latest.current = { action, handlers };

  const run = useCallback(async (arg: A) => {
    setPending(true);
    try {
      const result = await latest.current.action(arg);
      latest.current.handlers.onSuccess?.(result);
    } catch (error) {
      latest.current.handlers.onError?.(error);
    } finally {
      setPending(false);
    }
  }, []);

  return { run, isPending };
}

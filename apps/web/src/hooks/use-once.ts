import { useEffect, useRef } from 'react';

/**
 * Run an effect once per mount even under StrictMode's double invocation: a callback code may
 * only be exchanged once.
 */
export function useOnce(effect: () => void): void {
  const done = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once by design
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    effect();
  }, []);
}

import { useEffect, useState } from 'react';

export type Load<T> = { data?: T; error?: unknown; loading: boolean };

/** Runs `load` whenever `key` changes and keeps its answer; an older answer never wins. */
export function useLoad<T>(key: string, load: () => Promise<T>): Load<T> {
  const [state, setState] = useState<Load<T>>({ loading: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` reads.
  useEffect(() => {
    let live = true;
    setState((s) => ({ data: s.data, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

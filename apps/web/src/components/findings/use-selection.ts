import { useCallback, useState } from 'react';

/**
 * Ticked findings of a list, or "all matching" its filters. Changing the filters (the `scope`
 * key) clears it, so a bulk action never reaches findings the user no longer sees.
 */
export function useFindingSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: Set<string>; all: boolean }>(() => ({
    scope,
    ids: new Set(),
    all: false,
  }));
  const current = state.scope === scope ? state : { scope, ids: new Set<string>(), all: false };
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setState((s) => {
        const ids = new Set(s.scope === scope ? s.ids : []);
        if (on) ids.add(id);
        else ids.delete(id);
        return { scope, ids, all: false };
      }),
    [scope],
  );
  const setPage = useCallback(
    (pageIds: string[], on: boolean) =>
      setState((s) => {
        const ids = new Set(s.scope === scope ? s.ids : []);
        for (const id of pageIds) on ? ids.add(id) : ids.delete(id);
        return { scope, ids, all: false };
      }),
    [scope],
  );
  const selectAll = useCallback(() => setState((s) => ({ ...s, scope, all: true })), [scope]);
  const clear = useCallback(() => setState({ scope, ids: new Set(), all: false }), [scope]);
  return { ids: current.ids, all: current.all, toggle, setPage, selectAll, clear };
}

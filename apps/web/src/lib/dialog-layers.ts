let open = 0;
const listeners = new Set<() => void>();

/**
 * How many dialogs are open. A modal dialog makes the rest of the page inert and covers it, so
 * while one is open the snackbars are drawn inside it (components/ui/dialog-panel.tsx) instead of
 * at the page's root: above its overlay, and closable.
 */
export const dialogLayers = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  count: () => open,
  enter(): () => void {
    open += 1;
    for (const l of listeners) l();
    return () => {
      open -= 1;
      for (const l of listeners) l();
    };
  },
};

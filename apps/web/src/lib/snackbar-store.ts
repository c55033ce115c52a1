import { LIMITS } from '@didban/core';

export type SnackbarLevel = 'success' | 'error' | 'warning' | 'info';
export type Snackbar = { id: number; message: string; level: SnackbarLevel };

let items: Snackbar[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Snackbars live outside React so the API client's 401 hook and mutations can raise them.
 * Each closes itself after 6 s (spec §9).
 */
export const snackbarStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): Snackbar[] => items,
  show(message: string, level: SnackbarLevel = 'info'): number {
    const id = nextId++;
    // The same message twice in a row (two failing queries) is shown once.
    if (items.some((s) => s.message === message && s.level === level)) return id;
    items = [...items, { id, message, level }];
    emit();
    setTimeout(() => snackbarStore.dismiss(id), LIMITS.snackbarAutoCloseMs);
    return id;
  },
  dismiss(id: number): void {
    if (!items.some((s) => s.id === id)) return;
    items = items.filter((s) => s.id !== id);
    emit();
  },
};

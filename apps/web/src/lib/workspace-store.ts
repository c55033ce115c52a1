import { STORAGE_KEYS } from './storage-keys';

/** Spec §3: null is the personal workspace, otherwise a team id (sent as X-Workspace-ID). */
export const workspaceStore = {
  get(): string | null {
    try {
      return localStorage.getItem(STORAGE_KEYS.workspace) || null;
    } catch {
      return null;
    }
  },
  set(id: string | null): void {
    if (id) localStorage.setItem(STORAGE_KEYS.workspace, id);
    else localStorage.removeItem(STORAGE_KEYS.workspace);
  },
  /** Spec §4: switching workspace reloads the page so no data of the old one lingers. */
  switchTo(id: string | null): void {
    workspaceStore.set(id);
    window.location.reload();
  },
};

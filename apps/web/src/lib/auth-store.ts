import type { Session, User } from '@didban/core';
import { STORAGE_KEYS } from './storage-keys';

/** Spec §3: the auth record kept in the browser. */
export type AuthRecord = {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
};

const GUEST: AuthRecord = { user: null, token: null, isAuthenticated: false, isLoading: false };

function read(): AuthRecord {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.auth);
    if (!raw) return GUEST;
    const parsed = JSON.parse(raw) as Partial<AuthRecord>;
    if (typeof parsed.token !== 'string' || !parsed.token || !parsed.user) return GUEST;
    return { user: parsed.user, token: parsed.token, isAuthenticated: true, isLoading: !!parsed.isLoading };
  } catch {
    return GUEST;
  }
}

function write(next: AuthRecord): void {
  snapshot = next;
  try {
    if (next.isAuthenticated) localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(next));
    else localStorage.removeItem(STORAGE_KEYS.auth);
  } catch {
    // Storage may be full or blocked; the in-memory record still works for this tab.
  }
  for (const listener of listeners) listener();
}

let snapshot: AuthRecord = read();
const listeners = new Set<() => void>();

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.auth && event.key !== null) return;
    snapshot = read();
    for (const listener of listeners) listener();
  });
}

/** The signed-in session, shared by React (useSyncExternalStore) and the API client. */
export const authStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): AuthRecord => snapshot,
  /**
   * The token for the next request. Browser storage is the source of truth, so a token removed
   * or replaced there (another tab, an expired session restored from disk) is honoured at once.
   */
  token(): string | null {
    return read().token;
  },
  signIn(session: Pick<Session, 'access' | 'user'>): void {
    write({ user: session.user, token: session.access, isAuthenticated: true, isLoading: false });
  },
  setLoading(isLoading: boolean): void {
    if (snapshot.isAuthenticated) write({ ...snapshot, isLoading });
  },
  setUser(user: User): void {
    if (snapshot.isAuthenticated) write({ ...snapshot, user, isLoading: false });
  },
  clear(): void {
    write(GUEST);
  },
};

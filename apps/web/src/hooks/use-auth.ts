import { useSyncExternalStore } from 'react';
import { type AuthRecord, authStore } from '../lib/auth-store';

export function useAuth(): AuthRecord {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot);
}

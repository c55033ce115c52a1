import { createApiClient } from '@didban/core';
import { authStore } from './auth-store';
import { storedLanguage } from './language';
import { workspaceStore } from './workspace-store';

/**
 * The one API client of the panel. Same origin (the server serves the panel); a 401 clears the
 * session, and the protected shell then sends the user to sign-in (spec §4).
 */
export const api = createApiClient({
  baseUrl: '',
  getToken: () => authStore.token(),
  getLanguage: storedLanguage,
  getWorkspace: () => workspaceStore.get(),
  onUnauthorized: () => authStore.clear(),
});

import { type ApiClientOptions, createHttp } from '@didban/core';
import { authStore } from './auth-store';
import { storedLanguage } from './language';
import { workspaceStore } from './workspace-store';

/**
 * How every call is made: same origin (the server serves the panel), the stored token,
 * Accept-Language, X-Workspace-ID for a team; a 401 clears the session and the protected shell
 * then sends the user to sign-in (spec §4).
 */
export const httpOptions: ApiClientOptions = {
  baseUrl: '',
  getToken: () => authStore.token(),
  getLanguage: storedLanguage,
  getWorkspace: () => workspaceStore.get(),
  onUnauthorized: () => authStore.clear(),
};

export const http = createHttp(httpOptions);
